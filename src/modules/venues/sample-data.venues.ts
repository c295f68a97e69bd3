/**
 * Sample venues: public sports halls and community clubs in Singapore, with their nearest
 * rail stations. Coordinates are approximate; the data is for trying the service out.
 * `plays`: b = badminton, p = pickleball.
 */
export interface SampleVenue {
  sourceId: string;
  name: string;
  address: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  plays: string;
  stations: string[];
}

const venue = (
  sourceId: string,
  name: string,
  address: string,
  postalCode: string,
  latitude: number,
  longitude: number,
  plays: string,
  ...stations: string[]
): SampleVenue => ({ sourceId, name, address, postalCode, latitude, longitude, plays, stations });

// One venue a line, as a table reads.
// prettier-ignore
export const SAMPLE_VENUES: SampleVenue[] = [
  venue('sg-sample-001', 'Jurong East Sports Hall', '21 Jurong East Street 31', '609517', 1.3466, 103.7297, 'b', 'EW25 Chinese Garden', 'EW24 Jurong East', 'NS1 Jurong East'),
  venue('sg-sample-002', 'Bishan Sports Hall', '5 Bishan Street 14', '579783', 1.3554, 103.8503, 'bp', 'NS17 Bishan', 'CC15 Bishan'),
  venue('sg-sample-003', 'Toa Payoh Sports Hall', '297 Lorong 6 Toa Payoh', '319389', 1.3306, 103.8515, 'b', 'NS19 Toa Payoh', 'NS18 Braddell'),
  venue('sg-sample-004', 'Clementi Sports Hall', '518 Clementi Avenue 3', '129907', 1.3129, 103.764, 'b', 'EW23 Clementi'),
  venue('sg-sample-005', 'Pasir Ris Sports Hall', '120 Pasir Ris Central', '519640', 1.374, 103.9513, 'bp', 'EW1 Pasir Ris'),
  venue('sg-sample-006', 'Our Tampines Hub Community Hall', '1 Tampines Walk', '528523', 1.3531, 103.9401, 'bp', 'EW2 Tampines', 'DT32 Tampines', 'DT31 Tampines West'),
  venue('sg-sample-007', 'Hougang Sports Hall', '93 Hougang Avenue 4', '538832', 1.3701, 103.8883, 'b', 'NE14 Hougang'),
  venue('sg-sample-008', 'Yio Chu Kang Sports Hall', '200 Ang Mo Kio Avenue 9', '569770', 1.3818, 103.845, 'b', 'NS15 Yio Chu Kang'),
  venue('sg-sample-009', 'Woodlands Sports Hall', '2 Woodlands Street 13', '738599', 1.4345, 103.7796, 'bp', 'NS9 Woodlands', 'TE2 Woodlands'),
  venue('sg-sample-010', 'Bukit Gombak Sports Hall', '810 Bukit Batok West Avenue 5', '659088', 1.3588, 103.7531, 'b', 'NS3 Bukit Gombak'),
  venue('sg-sample-011', 'Choa Chu Kang Sports Hall', '1 Choa Chu Kang Street 53', '689236', 1.391, 103.7476, 'b', 'NS4 Choa Chu Kang', 'BP1 Choa Chu Kang'),
  venue('sg-sample-012', 'Queenstown Sports Hall', '473 Stirling Road', '148948', 1.2968, 103.8018, 'bp', 'EW19 Queenstown'),
  venue('sg-sample-013', 'Heartbeat@Bedok Sports Hall', '11 Bedok North Street 1', '469662', 1.327, 103.932, 'bp', 'EW5 Bedok'),
  venue('sg-sample-014', 'Jalan Besar Sports Hall', '100 Tyrwhitt Road', '207542', 1.3103, 103.8578, 'b', 'DT22 Jalan Besar', 'EW11 Lavender'),
  venue('sg-sample-015', 'Sengkang Sports Hall', '57 Anchorvale Road', '544964', 1.396, 103.8869, 'bp', 'NE16 Sengkang', 'SE5 Farmway'),
  venue('sg-sample-016', 'Delta Sports Hall', '900 Tiong Bahru Road', '158790', 1.2905, 103.8207, 'b', 'EW18 Redhill', 'EW17 Tiong Bahru'),
  venue('sg-sample-017', 'Evans Road Sports Hall', '21 Evans Road', '259366', 1.32, 103.8172, 'b', 'CC19 Botanic Gardens', 'DT9 Botanic Gardens'),
  venue('sg-sample-018', 'Senja-Cashew Community Hall', '101 Bukit Panjang Road', '679910', 1.3843, 103.763, 'bp', 'BP13 Senja', 'DT1 Bukit Panjang', 'BP6 Bukit Panjang'),
  venue('sg-sample-019', 'Yishun Sports Hall', '101 Yishun Avenue 1', '769130', 1.4118, 103.8317, 'b', 'NS14 Khatib'),
  venue('sg-sample-020', 'Canberra Community Hall', '21 Canberra Link', '756973', 1.4469, 103.8209, 'bp', 'NS12 Canberra'),
  venue('sg-sample-021', 'Jurong West Sports Hall', '20 Jurong West Street 93', '648965', 1.3383, 103.6941, 'b', 'EW28 Pioneer', 'EW27 Boon Lay'),
  venue('sg-sample-022', 'Kallang Tennis and Pickleball Centre', '52 Stadium Road', '397724', 1.3027, 103.8742, 'p', 'CC6 Stadium'),
  venue('sg-sample-023', 'Toa Payoh West Community Club', '200 Lorong 2 Toa Payoh', '319642', 1.3354, 103.8454, 'bp', 'NS18 Braddell'),
  venue('sg-sample-024', 'Kebun Baru Community Club', '216 Ang Mo Kio Avenue 4', '569897', 1.3709, 103.8375, 'b', 'TE6 Mayflower'),
  venue('sg-sample-025', 'Punggol Sports Hall', '3 Punggol Field Walk', '828772', 1.4044, 103.9022, 'bp', 'NE17 Punggol', 'PW1 Sam Kee'),
  venue('sg-sample-026', 'Serangoon Community Hall', '10 Serangoon North Avenue 2', '555877', 1.362, 103.8715, 'p', 'NE12 Serangoon', 'CC13 Serangoon'),
];
