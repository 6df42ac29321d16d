import { useLocation } from "react-router";
import { StepLink } from "#app/modules/checkout/step-link.tsx";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";

/** The steps; each label is the common namespace's `steps.<id>`. */
export const checkoutSteps = [
  { id: "gripSize", path: "/GripSize" },
  { id: "login", path: "/Login" },
  { id: "shipping", path: "/Shipping" },
  { id: "payment", path: "/Payment" },
] as const;

/** Where the buyer is in the checkout; shown only on checkout pages. Paths match case-insensitively, like routes. */
export function StepIndicator() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const current = checkoutSteps.findIndex((step) => step.path.toLowerCase() === pathname.toLowerCase());
  if (current === -1) return null;
  return (
    <nav aria-label={t("steps.label")} className="steps">
      <ol>
        {checkoutSteps.map((step, index) => {
          const state = index < current ? "done" : index === current ? "current" : "todo";
          return (
            <li key={step.path} className={`step step--${state}`} aria-current={state === "current" ? "step" : undefined}>
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              {state === "done" ? <StepLink to={step.path}>{t(`steps.${step.id}`)}</StepLink> : <span>{t(`steps.${step.id}`)}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
