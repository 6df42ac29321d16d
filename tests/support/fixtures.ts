/** A buyer's contact and shipping address that every checkout rule accepts (Germany, home zone). */
export const validAddress = {
  contact: "ada@example.com",
  name: "Ada Lovelace",
  address: "Main Street 1",
  addressextend: "",
  postalcode: "10115",
  city: "Berlin",
  country: "DE",
} as const;
