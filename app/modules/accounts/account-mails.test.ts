import { describe, expect, it } from "vitest";
import { accountExistsMail, confirmSignUpMail, noAccountMail, passwordResetMail } from "./account-mails.server.ts";

const LINK = "https://deck.example/account/confirm?code=abc";

describe("account mails follow the language of the page that asked", () => {
  it("in English, as before", () => {
    const mail = confirmSignUpMail("erika@example.com", LINK, "en");
    expect(mail.subject).toBe("Finish creating your Deck Studio account");
    expect(mail.text).toContain("Open this link within 2 hours to finish creating it:\n" + LINK);
    expect(mail.text).toContain("If it was not you, ignore this mail: nothing changes.");
    expect(mail.html).toContain('<html lang="en">');
  });

  it("in German: subjects, texts, link labels and the mail's lang", () => {
    const confirm = confirmSignUpMail("erika@example.com", LINK, "de");
    expect(confirm.subject).toBe("Schließ die Anmeldung bei Deck Studio ab");
    expect(confirm.text).toContain("Öffne diesen Link innerhalb von 2 Stunden, um das Konto fertig anzulegen:\n" + LINK);
    expect(confirm.text).toContain("Warst du das nicht, ignoriere diese Mail einfach: Es ändert sich nichts.");
    expect(confirm.html).toContain('<html lang="de">');
    expect(confirm.html).toContain(">Mein Konto anlegen</a>");
    expect(accountExistsMail("e@example.com", LINK, LINK, "de").subject).toBe("Du hast schon ein Konto bei Deck Studio");
    expect(passwordResetMail("e@example.com", LINK, "de").subject).toBe("Ein neues Passwort für dein Konto bei Deck Studio");
    expect(noAccountMail("e@example.com", LINK, "de").text).toContain("Für Gastbestellungen brauchst du kein Konto.");
  });
});
