import Cards from "react-credit-cards-2";
import "react-credit-cards-2/dist/es/styles-compiled.css";
import { mountHarness } from "./harness.tsx";

mountHarness(({ cardNumber }) => (
  <Cards number={cardNumber} name="Erika Mustermann" expiry="04/29" cvc="" focused="number" />
));
