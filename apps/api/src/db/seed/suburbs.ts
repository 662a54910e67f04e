import type { AustralianState } from '@offplan/shared';

/** A real Australian suburb: postcode, state, local government area and an approximate centre. */
export type SuburbInfo = {
  suburb: string;
  state: AustralianState;
  postcode: string;
  lga: string;
  lat: number;
  lng: number;
  /** Rough price level against the state's typical new apartment (1 = typical). Demo data only. */
  priceFactor: number;
};

type Row = [suburb: string, postcode: string, lga: string, lat: number, lng: number, priceFactor: number];

const ACT_LGA = 'Unincorporated ACT';

const BY_STATE: Record<AustralianState, Row[]> = {
  NSW: [
    ['Sydney', '2000', 'City of Sydney', -33.8688, 151.2093, 1.45],
    ['Pyrmont', '2009', 'City of Sydney', -33.8697, 151.1944, 1.35],
    ['Surry Hills', '2010', 'City of Sydney', -33.8861, 151.2111, 1.3],
    ['Zetland', '2017', 'City of Sydney', -33.9079, 151.208, 1.15],
    ['Waterloo', '2017', 'City of Sydney', -33.9, 151.207, 1.1],
    ['Mascot', '2020', 'Bayside Council', -33.929, 151.194, 1.0],
    ['Wolli Creek', '2205', 'Bayside Council', -33.93, 151.153, 0.95],
    ['Bondi Junction', '2022', 'Waverley Council', -33.892, 151.25, 1.4],
    ['North Sydney', '2060', 'North Sydney Council', -33.839, 151.207, 1.3],
    ['Chatswood', '2067', 'Willoughby City Council', -33.7969, 151.1832, 1.15],
    ['Macquarie Park', '2113', 'City of Ryde', -33.776, 151.12, 1.0],
    ['Epping', '2121', 'City of Parramatta', -33.7727, 151.082, 1.0],
    ['Wentworth Point', '2127', 'City of Parramatta', -33.829, 151.076, 0.9],
    ['Burwood', '2134', 'Burwood Council', -33.877, 151.104, 1.0],
    ['Rhodes', '2138', 'City of Canada Bay', -33.83, 151.087, 1.0],
    ['Blacktown', '2148', 'Blacktown City Council', -33.771, 150.906, 0.75],
    ['Parramatta', '2150', 'City of Parramatta', -33.815, 151.0011, 0.9],
    ['Castle Hill', '2154', 'The Hills Shire', -33.731, 151.004, 1.0],
    ['Kellyville', '2155', 'The Hills Shire', -33.702, 150.956, 0.9],
    ['Liverpool', '2170', 'Liverpool City Council', -33.92, 150.9238, 0.75],
    ['Hurstville', '2220', 'Georges River Council', -33.967, 151.102, 0.9],
    ['Manly', '2095', 'Northern Beaches Council', -33.797, 151.285, 1.5],
    ['Dee Why', '2099', 'Northern Beaches Council', -33.753, 151.286, 1.15],
    ['Gosford', '2250', 'Central Coast Council', -33.425, 151.342, 0.7],
    ['Newcastle', '2300', 'City of Newcastle', -32.9283, 151.7817, 0.8],
    ['Wollongong', '2500', 'Wollongong City Council', -34.425, 150.8931, 0.8],
    ['Campbelltown', '2560', 'Campbelltown City Council', -34.065, 150.814, 0.7],
    ['Oran Park', '2570', 'Camden Council', -33.997, 150.742, 0.7],
    ['Penrith', '2750', 'Penrith City Council', -33.751, 150.694, 0.72],
    ['Marsden Park', '2765', 'Blacktown City Council', -33.695, 150.834, 0.72],
    ['Box Hill', '2765', 'The Hills Shire', -33.644, 150.896, 0.8],
    ['Byron Bay', '2481', 'Byron Shire Council', -28.6474, 153.602, 1.35],
  ],
  VIC: [
    ['Melbourne', '3000', 'City of Melbourne', -37.8136, 144.9631, 1.1],
    ['Southbank', '3006', 'City of Melbourne', -37.823, 144.964, 1.15],
    ['Docklands', '3008', 'City of Melbourne', -37.817, 144.946, 1.05],
    ['Footscray', '3011', 'City of Maribyrnong', -37.8, 144.9, 0.85],
    ['Carlton', '3053', 'City of Melbourne', -37.8, 144.967, 1.05],
    ['Brunswick', '3056', 'Merri-bek City Council', -37.767, 144.96, 0.95],
    ['Craigieburn', '3064', 'Hume City Council', -37.6, 144.943, 0.7],
    ['Collingwood', '3066', 'City of Yarra', -37.802, 144.988, 1.05],
    ['Preston', '3072', 'City of Darebin', -37.745, 145.012, 0.9],
    ['Doncaster', '3108', 'City of Manningham', -37.788, 145.124, 1.0],
    ['Richmond', '3121', 'City of Yarra', -37.823, 144.998, 1.1],
    ['Hawthorn', '3122', 'City of Boroondara', -37.822, 145.035, 1.25],
    ['Camberwell', '3124', 'City of Boroondara', -37.842, 145.058, 1.3],
    ['Box Hill', '3128', 'City of Whitehorse', -37.819, 145.122, 0.95],
    ['South Yarra', '3141', 'City of Stonnington', -37.838, 144.992, 1.3],
    ['Glen Waverley', '3150', 'City of Monash', -37.878, 145.164, 1.0],
    ['Prahran', '3181', 'City of Stonnington', -37.851, 144.993, 1.15],
    ['St Kilda', '3182', 'City of Port Phillip', -37.867, 144.98, 1.1],
    ['Frankston', '3199', 'Frankston City Council', -38.144, 145.126, 0.75],
    ['Port Melbourne', '3207', 'City of Port Phillip', -37.839, 144.942, 1.2],
    ['Werribee', '3030', 'City of Wyndham', -37.9, 144.66, 0.7],
    ['Point Cook', '3030', 'City of Wyndham', -37.915, 144.75, 0.75],
    ['Clyde North', '3978', 'City of Casey', -38.116, 145.333, 0.7],
    ['Geelong', '3220', 'City of Greater Geelong', -38.1499, 144.3617, 0.8],
    ['Ballarat Central', '3350', 'City of Ballarat', -37.562, 143.857, 0.7],
  ],
  QLD: [
    ['Brisbane City', '4000', 'Brisbane City Council', -27.4698, 153.0251, 1.15],
    ['Fortitude Valley', '4006', 'Brisbane City Council', -27.457, 153.034, 1.05],
    ['Newstead', '4006', 'Brisbane City Council', -27.445, 153.044, 1.2],
    ['South Brisbane', '4101', 'Brisbane City Council', -27.481, 153.02, 1.1],
    ['West End', '4101', 'Brisbane City Council', -27.483, 153.009, 1.05],
    ['Kangaroo Point', '4169', 'Brisbane City Council', -27.477, 153.036, 1.15],
    ['Toowong', '4066', 'Brisbane City Council', -27.485, 152.992, 1.0],
    ['Indooroopilly', '4068', 'Brisbane City Council', -27.499, 152.973, 1.05],
    ['Chermside', '4032', 'Brisbane City Council', -27.385, 153.031, 0.9],
    ['North Lakes', '4509', 'City of Moreton Bay', -27.224, 153.019, 0.75],
    ['Springfield Lakes', '4300', 'City of Ipswich', -27.668, 152.925, 0.7],
    ['Ripley', '4306', 'City of Ipswich', -27.68, 152.786, 0.65],
    ['Southport', '4215', 'City of Gold Coast', -27.967, 153.4, 0.95],
    ['Surfers Paradise', '4217', 'City of Gold Coast', -28.0023, 153.4145, 1.15],
    ['Broadbeach', '4218', 'City of Gold Coast', -28.027, 153.431, 1.2],
    ['Burleigh Heads', '4220', 'City of Gold Coast', -28.088, 153.45, 1.3],
    ['Maroochydore', '4558', 'Sunshine Coast Council', -26.66, 153.1, 1.0],
    ['Noosa Heads', '4567', 'Noosa Shire Council', -26.394, 153.09, 1.45],
    ['Toowoomba City', '4350', 'Toowoomba Regional Council', -27.56, 151.95, 0.7],
    ['Townsville City', '4810', 'City of Townsville', -19.259, 146.817, 0.7],
    ['Cairns City', '4870', 'Cairns Regional Council', -16.92, 145.771, 0.75],
  ],
  WA: [
    ['Perth', '6000', 'City of Perth', -31.9523, 115.8613, 1.1],
    ['East Perth', '6004', 'City of Perth', -31.958, 115.873, 1.05],
    ['West Perth', '6005', 'City of Perth', -31.949, 115.842, 1.05],
    ['Leederville', '6007', 'City of Vincent', -31.936, 115.841, 1.05],
    ['Subiaco', '6008', 'City of Subiaco', -31.949, 115.827, 1.15],
    ['Scarborough', '6019', 'City of Stirling', -31.894, 115.757, 1.15],
    ['Joondalup', '6027', 'City of Joondalup', -31.745, 115.766, 0.85],
    ['Mount Lawley', '6050', 'City of Stirling', -31.933, 115.872, 1.05],
    ['Ellenbrook', '6069', 'City of Swan', -31.767, 115.969, 0.75],
    ['Victoria Park', '6100', 'Town of Victoria Park', -31.976, 115.905, 0.95],
    ['South Perth', '6151', 'City of South Perth', -31.975, 115.864, 1.2],
    ['Canning Vale', '6155', 'City of Canning', -32.058, 115.918, 0.8],
    ['Fremantle', '6160', 'City of Fremantle', -32.0569, 115.7439, 1.05],
    ['Baldivis', '6171', 'City of Rockingham', -32.328, 115.829, 0.7],
  ],
  SA: [
    ['Adelaide', '5000', 'City of Adelaide', -34.9285, 138.6007, 1.1],
    ['North Adelaide', '5006', 'City of Adelaide', -34.906, 138.593, 1.2],
    ['Bowden', '5007', 'City of Charles Sturt', -34.903, 138.579, 1.0],
    ['Port Adelaide', '5015', 'City of Port Adelaide Enfield', -34.846, 138.504, 0.8],
    ['Glenelg', '5045', 'City of Holdfast Bay', -34.98, 138.515, 1.2],
    ['Unley', '5061', 'City of Unley', -34.95, 138.607, 1.1],
    ['Norwood', '5067', 'City of Norwood Payneham & St Peters', -34.921, 138.631, 1.1],
    ['Prospect', '5082', 'City of Prospect', -34.883, 138.594, 1.0],
    ['Mawson Lakes', '5095', 'City of Salisbury', -34.815, 138.61, 0.8],
  ],
  ACT: [
    ['City', '2601', ACT_LGA, -35.2809, 149.13, 1.1],
    ['Kingston', '2604', ACT_LGA, -35.315, 149.145, 1.15],
    ['Phillip', '2606', ACT_LGA, -35.35, 149.091, 0.95],
    ['Denman Prospect', '2611', ACT_LGA, -35.3, 149.023, 0.95],
    ['Braddon', '2612', ACT_LGA, -35.271, 149.135, 1.1],
    ['Belconnen', '2617', ACT_LGA, -35.239, 149.067, 0.9],
    ['Gungahlin', '2912', ACT_LGA, -35.186, 149.133, 0.9],
  ],
  TAS: [
    ['Hobart', '7000', 'City of Hobart', -42.8821, 147.3272, 1.1],
    ['North Hobart', '7000', 'City of Hobart', -42.87, 147.317, 1.05],
    ['Sandy Bay', '7005', 'City of Hobart', -42.894, 147.324, 1.15],
    ['Kingston', '7050', 'Kingborough Council', -42.976, 147.308, 0.9],
    ['Launceston', '7250', 'City of Launceston', -41.4332, 147.1441, 0.85],
    ['Devonport', '7310', 'Devonport City Council', -41.18, 146.35, 0.75],
  ],
  NT: [
    ['Darwin City', '0800', 'City of Darwin', -12.4634, 130.8456, 1.1],
    ['Nightcliff', '0810', 'City of Darwin', -12.383, 130.854, 1.0],
    ['Larrakeyah', '0820', 'City of Darwin', -12.456, 130.833, 1.1],
    ['Palmerston City', '0830', 'City of Palmerston', -12.48, 130.983, 0.85],
    ['Alice Springs', '0870', 'Alice Springs Town Council', -23.698, 133.8807, 0.8],
  ],
};

export const SUBURBS: readonly SuburbInfo[] = Object.entries(BY_STATE).flatMap(([state, rows]) =>
  rows.map(([suburb, postcode, lga, lat, lng, priceFactor]) => ({
    suburb,
    state: state as AustralianState,
    postcode,
    lga,
    lat,
    lng,
    priceFactor,
  })),
);

export const SUBURBS_BY_STATE: Readonly<Record<AustralianState, readonly SuburbInfo[]>> = Object.fromEntries(
  Object.keys(BY_STATE).map((state) => [state, SUBURBS.filter((entry) => entry.state === state)]),
) as Record<AustralianState, SuburbInfo[]>;
