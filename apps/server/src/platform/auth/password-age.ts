const dayMs = 24 * 60 * 60 * 1000;

/**
 * Whether a password set at `changedAt` is past its validity: Disp. DNSISA 1/2025 Annex II
 * asks for a "contraseña segura con vigencia limitada" (decision 041).
 */
export function isPasswordExpired(changedAt: Date, maxAgeDays: number, now: Date = new Date()): boolean {
  return now.getTime() - changedAt.getTime() > maxAgeDays * dayMs;
}
