/** Abbreviation and UTC offset of an IANA zone at a given moment (they change with daylight saving). */
export function describeTimeZone(id: string, at: Date = new Date()) {
  const part = (timeZoneName: 'short' | 'longOffset') =>
    new Intl.DateTimeFormat('en-US', { timeZone: id, timeZoneName })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const offsetText = part('longOffset'); // 'GMT-05:00', or 'GMT' for UTC
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offsetText);
  const offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return { abbreviation: part('short') || id, id, offset };
}
