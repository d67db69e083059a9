/**
 * The studio's sign-in URLs (docs/studio.md "Accounts and roles"), for the routes and views that link to
 * them and the guards that redirect to them. The page to come back to travels in `?volver=`.
 */

export const STUDIO_HOME_PATH = "/estudio";
export const STUDIO_SIGN_IN_PATH = "/estudio/entrar";
export const STUDIO_SIGN_OUT_PATH = "/estudio/salir";

/** `?paso=confirmar`: the password again (the step-up before publishing or rolling back). */
export const CONFIRM_STEP = "confirmar";
/** `?aviso=salida`: the sign-in page after a sign-out says so. */
export const SIGNED_OUT_NOTICE = "salida";

/** The sign-in page, coming back to `volver` afterwards (nothing when it is the studio's home). */
export function studioSignInUrl(volver?: string, step?: typeof CONFIRM_STEP): string {
  const query = new URLSearchParams();
  if (step) query.set("paso", step);
  if (volver && volver !== STUDIO_HOME_PATH) query.set("volver", volver);
  const search = query.toString();
  return search ? `${STUDIO_SIGN_IN_PATH}?${search}` : STUDIO_SIGN_IN_PATH;
}

/** The studio's own pages (/estudio and below): where a sign-in may send its person back. */
export const isStudioPath = (pathname: string) => pathname === STUDIO_HOME_PATH || /^\/estudio\/[a-z0-9-]+(?:\/[A-Za-z0-9._~-]+)*$/.test(pathname);
