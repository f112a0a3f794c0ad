import { Icon, type IconName } from '@cairn/frontend-shared';

const FEATURES: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'search',
    title: 'Hybrid search',
    text: 'Keyword and semantic retrieval together find the passages that answer your clinical question.',
  },
  {
    icon: 'list',
    title: 'Cited checklists',
    text: 'Step-by-step protocols where every step names the numbered source it comes from.',
  },
  {
    icon: 'upload',
    title: 'Your own protocols',
    text: 'Upload PDF or ZIP documents to build a personal protocol index beside the global one.',
  },
];

export function Promo() {
  return (
    <section className="promo" aria-labelledby="promo-title">
      <h2 id="promo-title" className="promo__title">
        Guidance from WHO, CDC, NHS and ICMR, in about 10 seconds
      </h2>
      <ul className="promo__grid">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="promo-card">
            <span className="promo-card__icon">
              <Icon name={feature.icon} size={22} />
            </span>
            <h3 className="promo-card__title">{feature.title}</h3>
            <p className="promo-card__text">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
