import { CardPreview } from "#app/modules/card/card-preview.tsx";
import { mountHarness } from "./harness.tsx";

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
