// (family placeholder: markets arrive in their own change)
export const MARKETS = [];
export const CURRENCIES = [];
