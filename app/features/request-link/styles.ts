import styles from "./request-link.css";

/** The stylesheet of the 'Pide tu recarga' pieces, for the `links` of the routes that show them (/pide-recarga, /r/<token>, /home). */
export const requestLinkStyles = { rel: "stylesheet", href: styles } as const;
