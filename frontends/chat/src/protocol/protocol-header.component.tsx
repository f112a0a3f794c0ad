import { Badge, HospitalBadge, INTENT_LABELS } from '@cairn/frontend-shared';
import { protocolHospital, type ProtocolData } from './protocol';
import { SaveToggleButton } from './save-toggle-button.component';
import type { SaveToggleOptions } from './use-save-toggle';

export function ProtocolHeader({ protocol, titleId, ...saveOptions }: { protocol: ProtocolData; titleId: string } & SaveToggleOptions) {
  const badges = [protocol.region, protocol.year, protocol.organization].map(String).filter((badge) => badge.trim());
  const hospital = protocolHospital(protocol);
  return (
    <header className="protocol-card__header">
      <div className="protocol-card__heading">
        <p className={`protocol-card__label protocol-card__label--${protocol.intent}`} data-testid="protocol-label">
          {INTENT_LABELS[protocol.intent]}
        </p>
        <h3 id={titleId} className="protocol-card__title">
          {protocol.title}
        </h3>
        <div className="protocol-card__badges">
          {hospital && <HospitalBadge organisation={hospital} />}
          {badges.map((badge, index) => (
            <Badge key={`${index}-${badge}`} tone="neutral">
              {badge}
            </Badge>
          ))}
        </div>
      </div>
      <SaveToggleButton protocol={protocol} {...saveOptions} />
    </header>
  );
}
