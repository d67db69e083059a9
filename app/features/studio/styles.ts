import styles from "./studio.css";

/** The studio's stylesheet, for the `links` of its routes. */
export const studioStyles = { rel: "stylesheet", href: styles } as const;
