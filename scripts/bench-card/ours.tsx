import { CardPreview } from "~/modules/card/card-preview";
import { mountHarness } from "./harness";

mountHarness(({ cardNumber }) => (
  <CardPreview
    cardNumber={cardNumber}
    cardName="Erika Mustermann"
    cardMonth="04"
    cardYear="29"
    cardCvv=""
    focusedField="number"
  />
));
