import { formatMoney } from "./format.ts";
import type { PriceLine } from "./pricing.ts";

interface PriceTableProps {
  lines: readonly PriceLine[];
  shippingLabel: string;
  /** Cents, or a text while shipping is not known yet. */
  shipping: number | string;
  totalLabel: string;
  totalCents: number;
  vatCents: number;
}

/** The price breakdown, as the checkout's summary and a placed order both show it. */
export function PriceTable({ lines, shippingLabel, shipping, totalLabel, totalCents, vatCents }: PriceTableProps) {
  return (
    <table className="summary__lines">
      <caption className="visually-hidden">Price breakdown</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label}>
            <th scope="row">{line.label}</th>
            <td>{formatMoney(line.cents)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">{shippingLabel}</th>
          <td>{typeof shipping === "number" ? formatMoney(shipping) : shipping}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr className="summary__total">
          <th scope="row">{totalLabel}</th>
          <td>{formatMoney(totalCents)}</td>
        </tr>
        <tr className="summary__vat">
          <th scope="row">Includes VAT</th>
          <td>{formatMoney(vatCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
