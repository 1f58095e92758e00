/** The two screens the journeys run at: a phone's and a desktop's. */
export const phone = { width: 360, height: 780 };
export const desktop = { width: 1280, height: 900 };
export type Viewport = typeof phone;
