import { useContext } from "react";
import { CarriedDraftContext } from "./order-store.ts";

/**
 * The order fields the server carried to this page (carried-draft.ts), sent on with this step's form as hidden
 * fields. A browser without scripts keeps no draft in the tab: what an earlier step chose reaches Payment only
 * if each step's form passes it on (D235). `except` names the fields the form has itself.
 */
export function CarriedFields({ except }: { except: readonly string[] }) {
  const carried = useContext(CarriedDraftContext);
  if (!carried) return null;
  return Object.entries(carried)
    .filter(([field]) => !except.includes(field))
    .map(([field, value]) => (
      // The grip box as a posted form sends it: "on", or nothing, which the width beside it reads as unticked.
      <input key={field} type="hidden" name={field} value={field === "grip" ? (value ? "on" : "") : String(value)} />
    ));
}
