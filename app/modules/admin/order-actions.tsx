import { Form, useNavigation } from "react-router";
import { SelectField, TextField } from "#app/components/form-fields.tsx";
import { formatDateTime, formatMoney } from "#app/modules/catalog/format.ts";
import { CARRIERS, carrierName } from "#app/modules/orders/carriers.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#app/modules/orders/order-status.ts";

/** The words an operator's button says for moving an order to `status`. */
const TRANSITION_LABELS: Record<OrderStatus, string> = {
  paid: "Mark paid",
  in_production: "Start production",
  shipped: "Mark shipped",
  delivered: "Mark delivered",
  cancelled: "Cancel and refund",
};

/** What the order page's action answered: for which form (`to`), its errors, or that the move was made. */
export interface TransitionReply {
  to: unknown;
  result: { status?: string; error?: Record<string, string[] | null> | null };
  done?: string;
}

interface TransitionFormsProps {
  status: OrderStatus;
  next: readonly OrderStatus[];
  totalCents: number;
  reply: TransitionReply | undefined;
}

/** One form per step the order may take next; each carries the status the operator saw (compare-and-set). */
export function TransitionForms({ status, next, totalCents, reply }: TransitionFormsProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="stack">
      {reply?.done ? <p role="status">{reply.done}</p> : null}
      {next.length === 0 ? <p>Nothing more to do: the order is {ORDER_STATUS_LABELS[status].toLowerCase()}.</p> : null}
      {next.map((to) => {
        const errors = reply && reply.to === to && !reply.done ? (reply.result.error ?? {}) : {};
        const formErrors = errors[""] ?? [];
        const id = `to-${to}`;
        return (
          <Form
            key={to}
            method="post"
            className={to === "cancelled" ? "stack admin__cancel" : "stack"}
            aria-labelledby={`${id}-button`}
            noValidate
          >
            <input type="hidden" name="expected" value={status} />
            <input type="hidden" name="to" value={to} />
            {formErrors.length > 0 ? (
              <div className="error-summary" role="alert">
                {formErrors.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </div>
            ) : null}
            {to === "shipped" ? <ShipmentFields errors={errors} /> : null}
            {to === "cancelled" ? (
              <div className="field">
                <label className="choice choice--wide">
                  <input
                    type="checkbox"
                    name="confirm"
                    aria-describedby={errors.confirm?.[0] ? `${id}-confirm-error` : undefined}
                    aria-invalid={errors.confirm?.[0] ? true : undefined}
                  />
                  <span className="choice__label">Refund {formatMoney(totalCents)} to the buyer&apos;s card</span>
                </label>
                <p id={`${id}-confirm-error`} className="field__error">
                  {errors.confirm?.[0]}
                </p>
              </div>
            ) : null}
            <button
              id={`${id}-button`}
              type="submit"
              className={to === "cancelled" ? "button" : "button button--primary"}
              disabled={busy}
            >
              {TRANSITION_LABELS[to]}
            </button>
          </Form>
        );
      })}
    </div>
  );
}

function ShipmentFields({ errors }: { errors: Record<string, string[] | null> }) {
  return (
    <>
      <SelectField id="carrier" name="carrier" label="Carrier" errors={errors.carrier ?? undefined} defaultValue="">
        <option value="" disabled>
          Choose…
        </option>
        {Object.entries(CARRIERS).map(([code, carrier]) => (
          <option key={code} value={code}>
            {carrier.name}
          </option>
        ))}
      </SelectField>
      <TextField
        id="trackingNumber"
        name="trackingNumber"
        label="Tracking number"
        autoComplete="off"
        spellCheck={false}
        errors={errors.trackingNumber ?? undefined}
      />
    </>
  );
}

interface HistoryEvent {
  id: string;
  at: string;
  actor: string;
  kind: string;
  from: string | null;
  to: string;
  details: Record<string, string>;
}

/** The order's history, oldest first: when, who, what. */
export function OrderHistory({ events }: { events: HistoryEvent[] }) {
  return (
    <ol className="admin__history">
      {events.map((event) => (
        <li key={event.id}>
          <strong>{describe(event)}</strong>
          <br />
          <span className="admin__muted">
            {formatDateTime(event.at)} · {event.actor}
          </span>
        </li>
      ))}
    </ol>
  );
}

function describe(event: HistoryEvent): string {
  const label = ORDER_STATUS_LABELS[event.to as OrderStatus] ?? event.to;
  if (event.kind === "placed") return "Placed and paid";
  const { carrier, trackingNumber, refundReference } = event.details;
  if (carrier && trackingNumber) return `${label}: ${carrierName(carrier)} ${trackingNumber}`;
  if (refundReference) return `${label}, refunded (${refundReference})`;
  return label;
}
