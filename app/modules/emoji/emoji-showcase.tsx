import { useState } from "react";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import { EmojiArt } from "./emoji-art.tsx";
import { EmojiPicker } from "./emoji-picker.tsx";
import { EmojiPickerField } from "./emoji-picker-field.tsx";
import type { SelectedEmoji } from "./emoji-types.ts";

/** The picker for the /Example page: standalone, and attached to a textarea. */
export function EmojiShowcase() {
  const [picked, setPicked] = useState<SelectedEmoji | null>(null);
  const { t } = useTranslation("emoji");
  return (
    <section className="emoji-showcase stack" aria-labelledby="emoji-showcase-title">
      <h2 id="emoji-showcase-title">{t("showcase.title")}</h2>
      <h3>{t("showcase.standalone")}</h3>
      <EmojiPicker label={t("showcase.standaloneLabel")} onSelect={setPicked} />
      <p className="emoji-showcase__picked" aria-live="polite">
        {picked ? <PickedEmoji emoji={picked} /> : t("showcase.nonePicked")}
      </p>
      <h3>{t("showcase.attached")}</h3>
      <EmojiPickerField
        fieldType="textarea"
        label={t("showcase.message")}
        name="message"
        rows={3}
        placeholder={t("showcase.messagePlaceholder")}
      />
    </section>
  );
}

function PickedEmoji({ emoji }: { emoji: SelectedEmoji }) {
  const { t } = useTranslation("emoji");
  return (
    <>
      {t("showcase.picked")} <EmojiArt unified={emoji.unified} art={emoji.imageUrl ? { url: emoji.imageUrl } : null} size={20} />{" "}
      {emoji.name}
      {emoji.tone === "neutral" ? "" : ` ${t("showcase.tone", { tone: emoji.tone })}`}
    </>
  );
}
