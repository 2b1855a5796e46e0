// Phase types as published in the bulk format description. Closing Price marks the sessions
// whose end yields an official closing price.
export const PHASE_TYPES = [
  ['Primary Trading Session', 'Open', 'Yes', 'Yes'],
  ['Primary Trading Session, No Settlement', 'Open', 'No', 'No'],
  ['Primary Trading Session, No Closing Price', 'Open', 'No', 'No'],
  ['Pre-Trading Session', 'Closed', 'No', 'No'],
  ['Post-Trading Session', 'Closed', 'No', 'No'],
  ['Pre-Open', 'Closed', 'No', 'No'],
  ['Pre-Close', 'Closed', 'No', 'No'],
  ['Call Auction', 'Closed', 'No', 'No'],
  ['Intermission', 'Closed', 'No', 'No'],
  ['Trading-at-Last', 'Closed', 'No', 'No'],
  ['Order Collection Period', 'Closed', 'No', 'No'],
  ['Settlement Window', 'Closed', 'No', 'No'],
  ['Other', 'Closed', 'No', 'No'],
].map(([Name, Status, Settlement, cp]) => ({ Name, Status, Settlement, 'Closing Price': cp }));
