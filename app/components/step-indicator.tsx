import { Link, useLocation } from "react-router";

export const checkoutSteps = [
  { label: "Grip & size", path: "/GripSize" },
  { label: "Login", path: "/Login" },
  { label: "Shipping", path: "/Shipping" },
  { label: "Payment", path: "/Payment" },
] as const;

/** Where the buyer is in the checkout; shown only on checkout pages. Paths match case-insensitively, like routes. */
export function StepIndicator() {
  const { pathname } = useLocation();
  const current = checkoutSteps.findIndex((step) => step.path.toLowerCase() === pathname.toLowerCase());
  if (current === -1) return null;
  return (
    <nav aria-label="Checkout steps" className="steps">
      <ol>
        {checkoutSteps.map((step, index) => {
          const state = index < current ? "done" : index === current ? "current" : "todo";
          return (
            <li key={step.path} className={`step step--${state}`} aria-current={state === "current" ? "step" : undefined}>
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              {state === "done" ? <Link to={step.path}>{step.label}</Link> : <span>{step.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
