import { createContext, memo, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { cardBrandInfo, type CardBrand } from "./card-brand.ts";
import { BrandMark, CardChip } from "./card-brand-marks.tsx";
import { cardBackgroundCss, randomCardBackgroundNumber, resolveCardBackground } from "./card-backgrounds.ts";
import {
  cardNumberFace,
  displayMonth,
  displayName,
  displayYear,
  maskSecurityCode,
} from "./card-format.ts";
import type { CardFocusTarget } from "./use-card-focus.ts";
import "./card-preview.css";

/**
 * The texts printed on the card when a value is empty, and the small captions (spec §2): by default the card
 * namespace's `preview.*` in the page's language (DEFAULT_CARD_LABELS in English).
 */
export interface CardPreviewLabels {
  /** Stands in for an empty holder name. Default "Full Name". */
  cardName: string;
  /** Caption above the name. Default "Card Holder". */
  cardHolder: string;
  /** Stands in for an empty month. Default "MM". */
  cardMonth: string;
  /** Stands in for an empty year. Default "YY". */
  cardYear: string;
  /** Caption above the expiry date. Default "Expires". */
  cardExpires: string;
  /** Caption of the security code on the back. Default "CVV". */
  cardCvv: string;
}

export const DEFAULT_CARD_LABELS: CardPreviewLabels = {
  cardName: "Full Name",
  cardHolder: "Card Holder",
  cardMonth: "MM",
  cardYear: "YY",
  cardExpires: "Expires",
  cardCvv: "CVV",
};

/** The page's `t` for the card namespace. */
type CardWordsT = ReturnType<typeof useTranslation<"card">>["t"];

function translatedLabels(t: CardWordsT): CardPreviewLabels {
  return {
    cardName: t("preview.fullName"),
    cardHolder: t("preview.cardHolder"),
    cardMonth: t("preview.month"),
    cardYear: t("preview.year"),
    cardExpires: t("preview.expires"),
    cardCvv: t("preview.cvv"),
  };
}

export interface CardPreviewProps {
  /** The number as typed or pasted; only its digits count, grouped by the brand's pattern. */
  cardNumber: string;
  /** The holder's name; runs of spaces are shown as one. */
  cardName: string;
  /** Expiry month, e.g. "04". */
  cardMonth: string;
  /** Expiry year, two or four digits; always shown as two ("29" and "2029" both show 29). */
  cardYear: string;
  /** The security code; shown masked on the back. */
  cardCvv: string;
  /** The area to highlight, as `useCardFocus().cardProps` supplies it. Null or absent: none. */
  focusedField?: CardFocusTarget | null;
  /** Show the back (while the security-code field has focus). Default false. */
  flipped?: boolean;
  /** Overrides for any of the default labels. */
  labels?: Partial<CardPreviewLabels>;
  /** Hide the digits between the first group and the last four. Default true. */
  masked?: boolean;
  /**
   * Background 1–25 (a number or a numeric string) or an image URL. Absent or invalid: one of 1–25 at random,
   * chosen once for the life of the component.
   */
  background?: number | string;
  /** Forces a brand by name: case-insensitive, spaces ignored ("Master Card" is mastercard); unknown names are ignored. */
  type?: string;
  /** Called when the shown brand changes (not on mount), with the brand or null for none. */
  onBrandChange?: (brand: CardBrand | null) => void;
  className?: string;
}

/**
 * A picture of the payment card as the buyer fills in the form: number, holder and expiry on the front, the
 * security code on the back. It is decorative for assistive technology, which gets one short description that
 * never contains the full number; the form fields remain the accessible source of truth.
 */
export function CardPreview(props: CardPreviewProps) {
  const { cardNumber, masked = true, type, ...frameProps } = props;
  const { brand, shown, lastFour } = cardNumberFace(cardNumber, { masked, type });
  // A keystroke's face reaches the parts that show it through context, past the memoised frame: a digit re-renders
  // the number alone, a brand change the badges and the card's description (bench:card, D213, D214).
  return (
    <NumberContext.Provider value={shown}>
      <BrandContext.Provider value={brand}>
        <LastFourContext.Provider value={lastFour}>
          <CardFrame {...frameProps} />
        </LastFourContext.Provider>
      </BrandContext.Provider>
    </NumberContext.Provider>
  );
}

/** The number as the card shows it: "4111 **** **** 11##". */
const NumberContext = createContext("");
/** The brand the number shows, null while unknown. */
const BrandContext = createContext<CardBrand | null>(null);
/** The last four digits once the number is complete, else null. */
const LastFourContext = createContext<string | null>(null);

type CardFrameProps = Omit<CardPreviewProps, "cardNumber" | "masked" | "type">;

const CardFrame = memo(function CardFrame(props: CardFrameProps) {
  const { cardName, cardMonth, cardYear, cardCvv, focusedField = null, flipped = false } = props;
  const { t, i18n } = useTranslation("card");
  // The words change with the language only.
  const { labels: translated, unknownBrand, unknownBadge } = useCardWords(t, i18n.language);
  const labels = props.labels ? { ...translated, ...props.labels } : translated;
  const background = useCardBackground(props.background);
  const frameField = useLastFrontField(focusedField);

  // The parts below take only plain values and are memoised, so a keystroke in one field re-renders the part that
  // shows that field and leaves the rest of the card alone (bench:card, D138).
  return (
    <CardRoot
      className={props.className}
      flipped={flipped}
      focusedField={focusedField}
      unknownBrand={unknownBrand}
      onBrandChange={props.onBrandChange}
    >
      <div className="card-preview__inner">
        <div className="card-preview__face card-preview__face--front">
          <CardArt background={background} />
          <CardChip className="card-preview__chip" />
          <CardBrandMark unknownText={unknownBadge} className="card-preview__brand" />
          <CardNumber />
          <CardHolder caption={labels.cardHolder} name={displayName(cardName) || labels.cardName} />
          <CardExpiry
            caption={labels.cardExpires}
            expiry={`${displayMonth(cardMonth) || labels.cardMonth}/${displayYear(cardYear) || labels.cardYear}`}
          />
          <FocusFrame field={frameField} visible={frameField === focusedField} />
        </div>
        <CardBack
          background={background}
          caption={labels.cardCvv}
          cvv={maskSecurityCode(cardCvv)}
          focused={focusedField === "cvv"}
          flipped={flipped}
          unknownBadge={unknownBadge}
        />
      </div>
    </CardRoot>
  );
});

interface CardRootProps {
  className?: string;
  flipped: boolean;
  focusedField: CardFocusTarget | null;
  /** The description's word for a number without a brand yet. */
  unknownBrand: string;
  onBrandChange?: (brand: CardBrand | null) => void;
  children: ReactNode;
}

/**
 * The card's outer box and its one-line description. It reads the brand and last four itself, so that a brand
 * change re-renders this box and the badges while the frame inside it (the same `children`) is left alone.
 */
function CardRoot({ className, flipped, focusedField, unknownBrand, onBrandChange, children }: CardRootProps) {
  const brand = useContext(BrandContext);
  const lastFour = useContext(LastFourContext);
  const { t } = useTranslation("card");
  const description = useCardDescription(t, brand ? cardBrandInfo[brand].name : unknownBrand, lastFour);
  return (
    <div
      className={["card-preview", className].filter(Boolean).join(" ")}
      role="img"
      aria-label={description}
      data-flipped={flipped}
      data-focused={focusedField ?? undefined}
    >
      {children}
      {/* Only with a listener: without one, a brand change schedules no effect. */}
      {onBrandChange ? <BrandChangeNotifier brand={brand} onBrandChange={onBrandChange} /> : null}
    </div>
  );
}

/**
 * The back's badge. The back is out of sight while the number is typed on the front, so its badge takes the brand
 * when the card turns over rather than on every brand change: a brand change redraws one badge, not two.
 */
function BackBrandMark({ flipped, unknownText }: { flipped: boolean; unknownText: string }) {
  const brand = useContext(BrandContext);
  const [shown, setShown] = useState(brand);
  if (flipped && shown !== brand) setShown(brand);
  return <BrandMark brand={shown} unknownText={unknownText} className="card-preview__brand card-preview__brand--back" />;
}

/** The brand's badge, for whatever brand the number shows now. */
function CardBrandMark({ unknownText, className }: { unknownText: string; className: string }) {
  return <BrandMark brand={useContext(BrandContext)} unknownText={unknownText} className={className} />;
}

const CardArt = memo(function CardArt({ background }: { background: string | null }) {
  return background ? <div key={background} className="card-preview__art" style={{ background }} /> : null;
});

/**
 * The number as one text, its groups apart by a space: in the card's monospace face a space is as wide as a digit,
 * the gap the groups need. A keystroke changes this one text node, and a regrouping (amex's 4-6-5 on its second
 * digit) the same node: no element is added or removed (bench:card, D214).
 */
const CardNumber = memo(function CardNumber() {
  return (
    <div className="card-preview__number" data-testid="card-preview-number">
      {useContext(NumberContext)}
    </div>
  );
});

const CardHolder = memo(function CardHolder({ caption, name }: { caption: string; name: string }) {
  return (
    <div className="card-preview__holder">
      <span className="card-preview__caption">{caption}</span>
      <span className="card-preview__name" data-testid="card-preview-name">
        {name}
      </span>
    </div>
  );
});

const CardExpiry = memo(function CardExpiry({ caption, expiry }: { caption: string; expiry: string }) {
  return (
    <div className="card-preview__expiry">
      <span className="card-preview__caption">{caption}</span>
      <span data-testid="card-preview-expiry">{expiry}</span>
    </div>
  );
});

const FocusFrame = memo(function FocusFrame({ field, visible }: { field: string | null; visible: boolean }) {
  return <div className="card-preview__focus" data-field={field ?? undefined} data-visible={visible} />;
});

interface CardBackProps {
  background: string | null;
  caption: string;
  cvv: string;
  focused: boolean;
  flipped: boolean;
  unknownBadge: string;
}

const CardBack = memo(function CardBack({ background, caption, cvv, focused, flipped, unknownBadge }: CardBackProps) {
  return (
    <div className="card-preview__face card-preview__face--back">
      <CardArt background={background} />
      <div className="card-preview__stripe" />
      <div className="card-preview__cvv" data-focused={focused}>
        <span className="card-preview__caption">{caption}</span>
        <span className="card-preview__cvv-band" data-testid="card-preview-cvv">
          {cvv}
        </span>
      </div>
      <BackBrandMark flipped={flipped} unknownText={unknownBadge} />
    </div>
  );
});

/** The card's one-line description for assistive technology; it changes with the brand and the last four only. */
function useCardDescription(t: CardWordsT, brandText: string, lastFour: string | null) {
  return useMemo(
    () => t("preview.label", { card: lastFour ? t("preview.endingIn", { brand: brandText, lastFour }) : brandText }),
    [t, brandText, lastFour],
  );
}

/** The card's words in the page's language, made once per language rather than on every keystroke. */
function useCardWords(t: CardWordsT, language: string) {
  return useMemo(() => {
    const unknownBrand = t("preview.unknownBrand");
    // The badge of a number whose brand is not known yet: "CARD", "KARTE".
    return { labels: translatedLabels(t), unknownBrand, unknownBadge: unknownBrand.toLocaleUpperCase(language) };
  }, [t, language]);
}

/**
 * The background's CSS. A random one must not be drawn during render: the server and the browser would draw
 * different numbers and hydration would mismatch. So the first render (server and hydration alike) shows a
 * neutral gradient from the stylesheet, and the browser draws the number once, after mount; the state keeps
 * it for the component's life.
 */
function useCardBackground(background: number | string | undefined): string | null {
  // Memoised: the motifs build their gradients as text, which a keystroke has no reason to redo.
  const chosen = useMemo(() => resolveCardBackground(background), [background]);
  const [randomNumber, setRandomNumber] = useState<number | null>(null);
  const needsRandom = chosen === null && randomNumber === null;
  useEffect(() => {
    if (needsRandom) setRandomNumber(randomCardBackgroundNumber());
  }, [needsRandom]);
  const random = useMemo(() => (randomNumber === null ? null : cardBackgroundCss(randomNumber)), [randomNumber]);
  return chosen ?? random;
}

/** The front area the frame sits on; it keeps its place while fading out so it never jumps before vanishing. */
function useLastFrontField(focusedField: CardFocusTarget | null): Exclude<CardFocusTarget, "cvv"> | null {
  const [last, setLast] = useState<Exclude<CardFocusTarget, "cvv"> | null>(null);
  if (focusedField !== null && focusedField !== "cvv" && focusedField !== last) setLast(focusedField);
  return last;
}

interface BrandChangeNotifierProps {
  brand: CardBrand | null;
  onBrandChange: (brand: CardBrand | null) => void;
}

/** Like the original's `get-type` event: on change only, not on mount. */
function BrandChangeNotifier({ brand, onBrandChange }: BrandChangeNotifierProps) {
  const previous = useRef(brand);
  useEffect(() => {
    if (previous.current === brand) return;
    previous.current = brand;
    onBrandChange(brand);
  }, [brand, onBrandChange]);
  return null;
}
