import { afterEach, describe, expect, it, vi } from "vitest";
import {
  WEEK_STARTS_ON,
  formatData,
  formatHistoryDate,
  formatLongDate,
  formatMoney,
  formatPhone,
  formatShortDate,
  formatShortTime,
  historyAmount,
  weekdayNames,
} from "./format";

/** 09:05 in Mexico City (UTC−6 all year since 2022). */
const morning = "2024-03-05T15:05:00Z";
/** 21:30 on 14 July in Mexico City, already the 15th in UTC; 22:30 if DST still applied. */
const summerNight = "2024-07-15T03:30:00Z";
/** Midnight on New Year's Eve in Mexico City. */
const midnight = "2024-12-31T06:00:00Z";

describe("formatMoney", () => {
  it("writes pesos with the peso sign, thousands comma and two decimals, exactly as Node's ICU does for es-MX", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney(50)).toBe("$50.00");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(1234567.891)).toBe("$1,234,567.89");
  });

  it("rounds to the centavo and puts the minus before the sign", () => {
    expect(formatMoney(99.999)).toBe("$100.00");
    expect(formatMoney(-50)).toBe("-$50.00");
  });

  it("contains no no-break spaces, so it equals the same amount typed in copy or tests", () => {
    expect(formatMoney(1234.5)).toMatch(/^[$0-9.,-]+$/);
  });
});

describe("formatShortDate", () => {
  it("writes d/M/yy without padding", () => {
    expect(formatShortDate(morning)).toBe("5/3/24");
    expect(formatShortDate(midnight)).toBe("31/12/24");
  });

  it("uses the Mexico City calendar day, not the UTC one", () => {
    expect(formatShortDate(summerNight)).toBe("14/7/24");
  });

  it("keeps the two-digit year padded", () => {
    expect(formatShortDate("2005-01-09T18:00:00-06:00")).toBe("9/1/05");
  });

  it("accepts a Date, epoch milliseconds or an ISO string alike", () => {
    expect(formatShortDate(new Date(morning))).toBe("5/3/24");
    expect(formatShortDate(Date.parse(morning))).toBe("5/3/24");
  });

  it("gives an empty string for a date that cannot be read instead of throwing", () => {
    expect(formatShortDate("no es fecha")).toBe("");
    expect(formatShortTime(Number.NaN)).toBe("");
    expect(formatHistoryDate(new Date("2024-13-45"))).toBe("");
  });
});

describe("formatShortTime", () => {
  it("writes H:mm on the 24-hour clock with an unpadded hour", () => {
    expect(formatShortTime(morning)).toBe("9:05");
    expect(formatShortTime(summerNight)).toBe("21:30");
  });

  it("writes midnight as 0:00, not 24:00 or 12:00", () => {
    expect(formatShortTime(midnight)).toBe("0:00");
  });

  it("applies no daylight saving time after 2022 but still knows it applied before", () => {
    expect(formatShortTime("2024-07-01T15:05:00Z")).toBe("9:05");
    expect(formatShortTime("2021-07-01T15:05:00Z")).toBe("10:05");
  });
});

describe("formatHistoryDate", () => {
  it("writes 'dd de MMMM y a las HH:mm' with a lowercase Spanish month and no 'de' before the year", () => {
    expect(formatHistoryDate(morning)).toBe("05 de marzo 2024 a las 09:05");
    expect(formatHistoryDate(summerNight)).toBe("14 de julio 2024 a las 21:30");
    expect(formatHistoryDate(midnight)).toBe("31 de diciembre 2024 a las 00:00");
  });
});

describe("formatLongDate", () => {
  it("writes a day in full Spanish form", () => {
    expect(formatLongDate(morning)).toBe("5 de marzo de 2024");
  });

  it("reads a bare calendar date as that very day, not as the evening before in Mexico City", () => {
    expect(formatLongDate("2021-10-31")).toBe("31 de octubre de 2021");
    expect(formatLongDate("2024-01-01")).toBe("1 de enero de 2024");
  });

  it("uses the Mexico City day for an instant", () => {
    expect(formatLongDate(summerNight)).toBe("14 de julio de 2024");
  });

  it("gives an empty string for a calendar date that does not exist", () => {
    expect(formatLongDate("2021-02-30")).toBe("");
  });
});

describe("formatData", () => {
  it("writes less than a gigabyte in MB", () => {
    expect(formatData(500)).toBe("500 MB");
    expect(formatData(0)).toBe("0 MB");
  });

  it("writes a gigabyte and more in GB of 1024 MB, with one decimal at most", () => {
    expect(formatData(1024)).toBe("1 GB");
    expect(formatData(1536)).toBe("1.5 GB");
    expect(formatData(20480)).toBe("20 GB");
    expect(formatData(1000)).toBe("1,000 MB");
    expect(formatData(1100)).toBe("1.1 GB");
  });
});

describe("Mexico City time whatever the machine's zone", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it("renders the same strings on a server running in Tokyo", async () => {
    process.env.TZ = "Asia/Tokyo";
    expect(new Date(morning).getHours()).toBe(0); // the machine really is in Tokyo now
    // Formatters are built at import: import afresh so they are built under Tokyo's zone.
    vi.resetModules();
    const fresh = await import("./format");
    expect(fresh.formatShortDate(morning)).toBe("5/3/24");
    expect(fresh.formatShortTime(morning)).toBe("9:05");
    expect(fresh.formatHistoryDate(morning)).toBe("05 de marzo 2024 a las 09:05");
  });
});

describe("formatPhone", () => {
  it("writes a 10-digit number as (xx) xx xx xx xx", () => {
    expect(formatPhone("5512345678")).toBe("(55) 12 34 56 78");
  });

  it("returns anything that is not exactly 10 digits unchanged", () => {
    expect(formatPhone("551234567")).toBe("551234567");
    expect(formatPhone("55123456789")).toBe("55123456789");
    expect(formatPhone("55 1234 5678")).toBe("55 1234 5678");
    expect(formatPhone("")).toBe("");
  });
});

describe("historyAmount", () => {
  it("turns the history's cents into whole pesos, rounding half up", () => {
    expect(historyAmount(5000)).toBe(50);
    expect(historyAmount(12345)).toBe(123);
    expect(historyAmount(12350)).toBe(124);
    expect(historyAmount(0)).toBe(0);
  });
});

describe("week", () => {
  it("starts on Sunday", () => {
    expect(WEEK_STARTS_ON).toBe(0);
    expect(weekdayNames()[WEEK_STARTS_ON]).toBe("dom");
  });

  it("names the seven days in short Spanish form from Sunday, as Node's ICU writes them (no trailing period)", () => {
    expect(weekdayNames()).toEqual(["dom", "lun", "mar", "mié", "jue", "vie", "sáb"]);
  });

  it("hands out a list callers cannot change for everybody else", () => {
    expect(Object.isFrozen(weekdayNames())).toBe(true);
  });
});
