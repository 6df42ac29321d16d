import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { mountApp } from "#app/mount-app.ts";
import { installChunkErrorGuard } from "#app/modules/build-update/build-updates.client.ts";
import { startKeepingTypedValues } from "#app/modules/forms/typed-values.client.ts";
import { PageMessagesProvider, readPageMessagesScript } from "#app/modules/i18n/page-messages.tsx";

installChunkErrorGuard();
// What the buyer typed into the plain HTML so far, given back once the app is live (root.tsx).
startKeepingTypedValues();

startTransition(() => {
  mountApp(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <PageMessagesProvider text={readPageMessagesScript()}>
          <HydratedRouter />
        </PageMessagesProvider>
      </StrictMode>,
      {
        // Errors no error boundary caught (e.g. in the layout itself) end here rather than vanishing.
        onUncaughtError: (error) => console.error("The app failed while rendering:", error),
      },
    );
  });
});
