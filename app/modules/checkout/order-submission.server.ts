import * as z from "zod/mini";
import { CARD_NAME_MAX_LENGTH, validateCard, type CardValues } from "#app/modules/card/card-validation.ts";
import { designJsonSchema } from "#app/modules/design/design-schema.ts";
import { formMessage } from "#app/modules/forms/form-message.ts";
import { addressFields, contactSchema, optionsSchema, postalCodeMatchesCountry, regionMatchesCountry } from "./order-schema.ts";
import { CHECKOUT_ID_PATTERN } from "./order-state.ts";

/*
 * The whole order as Payment submits it, made of the one order schema's parts (order-schema.ts). Only the server
 * checks it whole: the pages check their own step's part. Kept out of the pages' code so that every checkout page
 * does not build the design's and the card's schemas while it hydrates (bench:lighthouse, D242).
 */

const reload = formMessage("checkout:errors.reload");

/** The shared card rules, run even when other fields are wrong (so every card error shows at once). */
const cardIsValid = z.superRefine<CardValues>(
  (card, ctx) => {
    for (const [field, message] of Object.entries(validateCard(card))) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
  },
  { when: (payload) => !payload.issues.some((issue) => String(issue.path?.[0]).startsWith("card")) },
);

const cardField = (max: number, tooLong = formMessage("checkout:errors.cardFieldTooLong")) =>
  z._default(z.string().check(z.maxLength(max, tooLong)), "");

/**
 * A whole order as the Payment page submits it: the options, contact and address from the earlier steps (the
 * same schemas), the design, the checkout's idempotency key and the card. The card is checked with the shared
 * card rules (Luhn, expiry, security-code length); it is passed to the processor and never stored.
 */
export const orderSubmissionSchema = z
  .object({
    ...optionsSchema.shape,
    contact: contactSchema,
    ...addressFields,
    design: designJsonSchema,
    checkoutId: z.string({ error: reload }).check(z.regex(CHECKOUT_ID_PATTERN, reload)),
    cardNumber: cardField(30),
    // The card rules' own message for the name's limit, so the server and the field say the same.
    cardName: cardField(CARD_NAME_MAX_LENGTH, formMessage("card:errors.nameTooLong", { max: CARD_NAME_MAX_LENGTH })),
    cardMonth: cardField(2),
    cardYear: cardField(4),
    cardCvv: cardField(4),
  })
  .check(postalCodeMatchesCountry, regionMatchesCountry, cardIsValid);

export type OrderSubmission = z.output<typeof orderSubmissionSchema>;
