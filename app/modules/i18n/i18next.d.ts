import "i18next";
import type account from "#app/locales/en/account.json";
import type admin from "#app/locales/en/admin.json";
import type card from "#app/locales/en/card.json";
import type checkout from "#app/locales/en/checkout.json";
import type common from "#app/locales/en/common.json";
import type documents from "#app/locales/en/documents.json";
import type editor from "#app/locales/en/editor.json";
import type emoji from "#app/locales/en/emoji.json";
import type home from "#app/locales/en/home.json";
import type legal from "#app/locales/en/legal.json";
import type mail from "#app/locales/en/mail.json";
import type orders from "#app/locales/en/orders.json";

// English is the reference: `t("key")` with a key missing from the English file fails the typecheck, and
// locales.test.ts fails when the German file lacks a key the English one has (or the other way round).
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      account: typeof account;
      admin: typeof admin;
      card: typeof card;
      checkout: typeof checkout;
      common: typeof common;
      documents: typeof documents;
      editor: typeof editor;
      emoji: typeof emoji;
      home: typeof home;
      legal: typeof legal;
      mail: typeof mail;
      orders: typeof orders;
    };
    returnNull: false;
  }
}
