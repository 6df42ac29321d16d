import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Spec §8: a failure while mounting the app is logged to the console (the server-rendered page stays usable).
startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      {
        onUncaughtError: (error) => console.error("The app failed while mounting or rendering:", error),
      },
    );
  } catch (error) {
    console.error("The app failed to mount:", error);
  }
});
