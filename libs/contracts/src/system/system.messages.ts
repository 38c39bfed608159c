/** Answered by every service: its name and whether its own dependencies are up. */
export interface PingResponse {
  service: string;
  database: 'up' | 'down';
  uptimeSeconds: number;
}

export const systemPing = (service: string): `${string}.system.ping.v1` =>
  `${service}.system.ping.v1`;
