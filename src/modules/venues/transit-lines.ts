/**
 * Names and colours of the Singapore rail lines, keyed by the letters of their station codes.
 * A code that is not listed still makes a line; it is named after its code.
 */
const KNOWN_LINES: Record<string, { name: string; color: string }> = {
  NS: { name: 'North-South Line', color: '#D42E12' },
  EW: { name: 'East-West Line', color: '#009645' },
  CG: { name: 'East-West Line (Changi Airport Branch)', color: '#009645' },
  NE: { name: 'North East Line', color: '#9900AA' },
  CC: { name: 'Circle Line', color: '#FA9E0D' },
  CE: { name: 'Circle Line Extension', color: '#FA9E0D' },
  DT: { name: 'Downtown Line', color: '#005EC4' },
  TE: { name: 'Thomson-East Coast Line', color: '#9D5B25' },
  JS: { name: 'Jurong Region Line', color: '#0099AA' },
  JW: { name: 'Jurong Region Line', color: '#0099AA' },
  JE: { name: 'Jurong Region Line', color: '#0099AA' },
  CR: { name: 'Cross Island Line', color: '#97C616' },
  BP: { name: 'Bukit Panjang LRT', color: '#748477' },
  SW: { name: 'Sengkang LRT (West Loop)', color: '#748477' },
  SE: { name: 'Sengkang LRT (East Loop)', color: '#748477' },
  PW: { name: 'Punggol LRT (West Loop)', color: '#748477' },
  PE: { name: 'Punggol LRT (East Loop)', color: '#748477' },
};

export interface StationCode {
  lineCode: string;
  stationNumber: number;
}

export function parseStationCode(code: string): StationCode {
  const match = /^([A-Z]+)(\d+)$/.exec(code);
  if (!match) throw new Error(`not a station code: ${code}`);
  return { lineCode: match[1]!, stationNumber: Number(match[2]) };
}

export function describeLine(lineCode: string, color: string | undefined): { name: string; color: string | null } {
  const known = KNOWN_LINES[lineCode];
  return { name: known?.name ?? `${lineCode} Line`, color: color ?? known?.color ?? null };
}
