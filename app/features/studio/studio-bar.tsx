import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { STUDIO_SIGN_OUT_PATH } from "./auth/urls";
import { markHydrated } from "~/components/hydration-mark";

export type StudioPerson = { email: string; role: "editor" | "publisher"; canPublish: boolean };

/** The studio's own bar, on each of its pages: who is signed in, with which role, and signing out (a plain form). */
export function StudioBar({ user }: { user: StudioPerson }) {
  const { t } = useTranslation("studio");
  return (
    <div className="studio-bar">
      <p className="studio-bar__label">{t("auth.label")}</p>
      <p className="studio-bar__who">{t("bar.who", { email: user.email, role: t(`auth.roles.${user.role}`) })}</p>
      <Form ref={markHydrated} method="post" action={STUDIO_SIGN_OUT_PATH} className="studio-bar__out">
        <button type="submit" className="button button--secondary button--small">
          {t("auth.signedIn.signOut")}
        </button>
      </Form>
    </div>
  );
}
