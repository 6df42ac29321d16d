/**
 * Spec §8: a failure while mounting the app is logged to the console. The server-rendered page stays on
 * screen and usable as plain HTML, so the buyer can still read it and submit forms.
 */
export function mountApp(hydrate: () => void, log: (message: string, error: unknown) => void = console.error) {
  try {
    hydrate();
  } catch (error) {
    log("The app failed to mount:", error);
  }
}
