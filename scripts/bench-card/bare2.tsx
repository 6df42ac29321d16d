// A second, identical copy of the bare page: measured as if it were a preview, its ratio to the bare page is
// the noise floor of a ratio in the same run.
import "./bare.tsx";
