import styles from "./repeat.css";

/** The stylesheet of 'Recargar de nuevo', for the `links` of its route. */
export const repeatStyles = { rel: "stylesheet", href: styles } as const;
