import { Form, Link, useActionData, useLoaderData } from "react-router";
import { pageMeta } from "#app/modules/catalog/format.ts";
import type { Route } from "./+types/account-confirm";
import { confirmAction, confirmLoader } from "./account-confirm.server.ts";

export const meta = () => pageMeta({ title: "Create your account", description: "Confirm your e-mail address and set up your Deck Studio account.", noindex: true });

export const loader = ({ request, context }: Route.LoaderArgs) => confirmLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => confirmAction(request, context);

/** /account/confirm?code=…: the page a sign-up's mailed link opens. */
export default function AccountConfirm() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const error = reply && "error" in reply ? reply.error[""]?.[0] : null;
  return (
    <div className="page page--narrow stack">
      <h1>Create your account</h1>
      {page.state === "gone" || error ? (
        <>
          <p role="alert">{page.state === "gone" ? page.message : error}</p>
          <p>
            <Link to="/Login">Go to the Login page</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            Your address <strong>{page.email}</strong> is confirmed. Create the account with the password you chose; you
            are then signed in, in this tab and in the one you came from.
          </p>
          <Form method="post">
            <button type="submit" className="button button--primary">
              Create my account
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
