/** Every cached answer of the kiosk staff's list, under one prefix. */
export const kioskKey = ['kiosk'] as const;
