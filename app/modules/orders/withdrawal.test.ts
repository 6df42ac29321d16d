import { describe, expect, it } from "vitest";
import { declaredInOrderName, offersWithdrawal, withdrawalSchema } from "./withdrawal.ts";

describe("declaredInOrderName", () => {
  const order = (name: string, withdrawalName: string | null) => ({ name, withdrawalName });

  it("takes the order's name in any case, with or without accents, with any spacing", () => {
    expect(declaredInOrderName(order("Erika Mustermann", "Erika Mustermann"))).toBe(true);
    expect(declaredInOrderName(order("Erika Mustermann", "  erika   MUSTERMANN "))).toBe(true);
    expect(declaredInOrderName(order("José Müller", "Jose Muller"))).toBe(true);
    expect(declaredInOrderName(order("Jürgen Weiß", "JÜRGEN WEISS"))).toBe(true);
    expect(declaredInOrderName(order("Zoë\tÅberg", "zoe aberg"))).toBe(true);
    // Precomposed and decomposed accents are the same name.
    expect(declaredInOrderName(order("Ren\u00e9e", "Rene\u0301e"))).toBe(true);
  });

  it("points out another name: a stranger, a different first name, half the name", () => {
    expect(declaredInOrderName(order("Erika Mustermann", "Mallory"))).toBe(false);
    expect(declaredInOrderName(order("Erika Mustermann", "Max Mustermann"))).toBe(false);
    expect(declaredInOrderName(order("Erika Mustermann", "Mustermann"))).toBe(false);
  });

  it("has nothing to compare without a declared name", () => {
    expect(declaredInOrderName(order("Erika Mustermann", null))).toBe(true);
  });
});

describe("offersWithdrawal", () => {
  it("reads the stored own-design fact, whatever the design holds now", () => {
    expect(offersWithdrawal({ ownDesign: true, status: "delivered", withdrawalDeclaredAt: null })).toBe(false);
    expect(offersWithdrawal({ ownDesign: false, status: "delivered", withdrawalDeclaredAt: null })).toBe(true);
    expect(offersWithdrawal({ ownDesign: false, status: "returned", withdrawalDeclaredAt: null })).toBe(false);
  });
});

describe("withdrawalSchema", () => {
  const form = { orderNumber: "DS-7K3F9QAB", email: "ada@example.com" };
  it("takes a name in any script (it goes on no label or invoice), but not one with control characters", () => {
    for (const name of ["山田 太郎", "שלום כהן", "Zoë 🎉", "Ada Lovelace"]) {
      expect(withdrawalSchema.safeParse({ ...form, name }).success, name).toBe(true);
    }
    expect(withdrawalSchema.safeParse({ ...form, name: "Ada\u0000" }).error?.issues[0]?.message).toBe("checkout:errors.specialCharacters");
    expect(withdrawalSchema.safeParse({ ...form, name: " " }).error?.issues[0]?.message).toBe("checkout:errors.required.name");
  });
});
