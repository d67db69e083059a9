import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { lineProfiles, type LineProfile } from "#schemas/forms/fields";

/** The card every account screen sits in: heading, an optional step line and intro, then the form. */
export function AuthCard({ title, step, intro, children, wide = false }: { title: string; step?: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="page auth-page">
      <section className={`auth-card${wide ? " auth-card--wide" : ""}`} aria-labelledby="auth-title">
        {step ? <p className="auth-card__step">{step}</p> : null}
        <h1 className="auth-card__title" id="auth-title">
          {title}
        </h1>
        {intro ? <p className="auth-card__intro">{intro}</p> : null}
        {children}
      </section>
    </div>
  );
}

/**
 * The Telefonía Celular / Internet en Casa / Internet Portátil switch (docs/accounts.md), kept in
 * `?type=`. Links, not buttons: each type is its own URL, with or without JavaScript.
 */
export function LineTypeSwitch({ current, hrefFor }: { current: LineProfile; hrefFor: (profile: LineProfile) => string }) {
  const { t: message } = useTranslation(["common", "auth"]);
  return (
    <nav className="type-switch" aria-label={message("auth:profiles.legend")}>
      <ul role="list" className="type-switch__list">
        {lineProfiles.map((profile) => (
          <li key={profile}>
            <Link to={hrefFor(profile)} className="type-switch__option" aria-current={profile === current ? "page" : undefined} replace preventScrollReset>
              {message(`auth:profiles.${profile}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The privacy-notice link at the foot of every account form (docs/accounts.md "privacy link"). */
export function PrivacyNote({ href }: { href: string }) {
  const { t: message } = useTranslation(["common", "auth"]);
  return (
    <p className="auth-card__legal">
      <a href={href} target="_blank" rel="noreferrer">
        {message("auth:form.privacy")}
      </a>
    </p>
  );
}
