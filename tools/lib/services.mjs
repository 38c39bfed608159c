// The processes that make up SnapTrack, in start order. Adding a service: one line here
// (see README, "Adding a service").
export const SERVICES = [
  { name: 'auth', dir: 'apps/auth-service' },
  { name: 'expenses', dir: 'apps/expenses-service' },
];

export const GATEWAY = { name: 'gateway', dir: 'gateway' };
