// The harness floor: the number as plain text, no card.
import { mountHarness } from "./harness.tsx";
mountHarness(({ cardNumber }) => <div>{cardNumber}</div>);
