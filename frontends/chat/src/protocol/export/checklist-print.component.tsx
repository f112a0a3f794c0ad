import type { ChecklistDocument } from './checklist-document';

/** The checklist as the print stylesheet lays it out on paper: nothing to click, everything written out. */
export function ChecklistPrint({ document }: { document: ChecklistDocument }) {
  return (
    <article className="checklist-print" data-testid="checklist-print" aria-hidden="true">
      <header className="checklist-print__head">
        <p className="checklist-print__label">{document.label}</p>
        <h1 className="checklist-print__title">{document.title}</h1>
        {document.details && <p className="checklist-print__details">{document.details}</p>}
        {document.hospital && <p className="checklist-print__hospital">Hospital library: {document.hospital}</p>}
      </header>
      <h2>Protocol Steps</h2>
      <ol className="checklist-print__steps">
        {document.steps.map((step) => (
          <li key={step.number}>
            <span className="checklist-print__number">{step.number}.</span>
            <div>
              <p>
                {step.text}
                {step.markers && <span className="checklist-print__markers"> {step.markers}</span>}
              </p>
              {step.explanation && <p className="checklist-print__explanation">{step.explanation}</p>}
            </div>
          </li>
        ))}
      </ol>
      {document.sources.length > 0 && (
        <>
          <h2>Sources</h2>
          <ol className="checklist-print__sources">
            {document.sources.map((source) => (
              <li key={source.id}>
                <span className="checklist-print__number">[{source.id}]</span>
                <div>
                  <p className="checklist-print__source">{source.title}</p>
                  <p className="checklist-print__details">{[source.organisation, source.year, source.hospital && 'Hospital library'].filter(Boolean).join(' · ')}</p>
                  <p className="checklist-print__link">{source.link}</p>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
      {document.organisations.length > 0 && <p className="checklist-print__organisations">Organisations: {document.organisations.join(', ')}</p>}
      <footer className="checklist-print__foot">
        Exported {document.exportedOn}. {document.generatedBy}.
      </footer>
    </article>
  );
}
