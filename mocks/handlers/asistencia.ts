import { http, HttpResponse, type RequestHandler } from "msw";
import { demoPostalCodes } from "../fixtures/demo";
import { switched } from "../switches";

const base = "https://asistencia.upstream.mock";

/** Coordinates of the demo postal codes' centres, for the coverage map. */
const centres: Record<string, { lat: number; lng: number }> = {
  "06600": { lat: 19.4284, lng: -99.1625 },
  "64000": { lat: 25.6714, lng: -100.3094 },
  "44100": { lat: 20.6767, lng: -103.3475 },
};

export const faqEntries = [
  {
    categoria: "Recargas",
    pregunta: "¿Cómo recargo mi línea Bait?",
    respuesta: "Entra a Recargas, escribe tu número Bait de 10 dígitos, elige tu paquete y paga con tarjeta de débito o crédito. También puedes recargar en cualquier tienda Walmart, Bodega Aurrera o Sam's Club.",
  },
  {
    categoria: "Recargas",
    pregunta: "¿Puedo programar una recarga recurrente?",
    respuesta: "Sí. Inicia sesión, entra a Recargas Recurrentes y elige el paquete y la tarjeta. Cobraremos la recarga cada vez que venza tu paquete; asegúrate de tener saldo en tu tarjeta.",
  },
  {
    categoria: "Portabilidad",
    pregunta: "¿Cómo me cambio a Bait con mi mismo número?",
    respuesta: "Pide tu NIP marcando 051 desde tu línea actual, consigue tu SIM Bait y registra tu portabilidad en Cámbiate a Bait. Tu número quedará activo en un máximo de 24 horas.",
  },
  {
    categoria: "Portabilidad",
    pregunta: "¿Cuánto cuesta hacer la portabilidad?",
    respuesta: "La portabilidad es gratis. Solo necesitas tu NIP, tu identificación y una SIM Bait.",
  },
  {
    categoria: "SIM y eSIM",
    pregunta: "Perdí mi SIM, ¿cómo recupero mi número?",
    respuesta: "Llama al 800 123 2248 para suspender tu línea y después solicita la reposición de tu SIM con el mismo número en un Centro de Atención o en línea.",
  },
  {
    categoria: "SIM y eSIM",
    pregunta: "¿Mi equipo es compatible con eSIM?",
    respuesta: "Escribe el IMEI de tu equipo (márcalo con *#06#) en la sección de compatibilidad y te diremos si funciona con la red Bait y con eSIM.",
  },
  {
    categoria: "Internet en casa",
    pregunta: "¿Cómo sé si hay cobertura de Internet en casa en mi domicilio?",
    respuesta: "Escribe tu código postal en la sección de cobertura de Internet en casa. Si hay cobertura, podrás contratar el servicio para ese domicilio.",
  },
  {
    categoria: "Cuenta",
    pregunta: "Olvidé mi contraseña, ¿qué hago?",
    respuesta: "En Iniciar Sesión elige ¿Olvidaste tu contraseña?, escribe tu número y el código de verificación que te enviamos, y crea una nueva contraseña.",
  },
];

/** Handlers of the asistencia upstream. */
export const asistencia: RequestHandler[] = [
  http.get(`${base}/api/asistencia/v2/soporte/preguntas-frecuentes`, async () => {
    const forced = await switched("asistencia.faq");
    if (forced) return forced;
    return HttpResponse.json({ success: true, preguntas: faqEntries });
  }),

  http.post(`${base}/api/asistencia/v2/soporte/cobertura-hbb`, async ({ request }) => {
    const forced = await switched("asistencia.coverage");
    if (forced) return forced;
    const body = (await request.json().catch(() => null)) as { codigoPostal?: unknown; direccion?: unknown } | null;
    const postalCode = typeof body?.codigoPostal === "string" ? body.codigoPostal : "";
    if (!/^\d{5}$/.test(postalCode)) {
      return HttpResponse.json({ success: false, mensaje: "El código postal debe tener 5 dígitos" }, { status: 400 });
    }
    const place = demoPostalCodes[postalCode];
    const street = typeof body?.direccion === "string" && body.direccion.trim() ? `${body.direccion.trim()}, ` : "";
    if (!place) return HttpResponse.json({ success: true, respuesta: false, direccion: `${street}C.P. ${postalCode}`, ubicacion: null });
    return HttpResponse.json({
      success: true,
      respuesta: place.coverage,
      direccion: `${street}${place.colonias[0]}, ${place.municipality}, ${place.state}, C.P. ${postalCode}`,
      ubicacion: centres[postalCode] ?? null,
    });
  }),
];
