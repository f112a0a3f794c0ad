/** The 'Hospital' badge of a protocol from an organisation's library, with the organisation's name when known. */
export function HospitalBadge({ organisation }: { organisation?: string | null }) {
  return (
    <span className="hospital-badge" title={organisation ? `Hospital library: ${organisation}` : undefined}>
      <span className="hospital-badge__label">Hospital</span>
      {organisation && <span className="hospital-badge__name">{organisation}</span>}
    </span>
  );
}
