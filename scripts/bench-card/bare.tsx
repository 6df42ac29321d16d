// The harness floor: the number as plain text, no card.
import { mountHarness } from "./harness";
mountHarness(({ cardNumber }) => <div>{cardNumber}</div>);
