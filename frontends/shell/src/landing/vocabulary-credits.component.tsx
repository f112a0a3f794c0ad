/** The public vocabularies search reads medical terms through, credited as their licences ask (NOTICE has the full text). */
export function VocabularyCredits() {
  return (
    <p className="vocabulary-credits">
      Search reads medical terms through public vocabularies: the{' '}
      <a href="https://hpo.jax.org" target="_blank" rel="noreferrer">
        Human Phenotype Ontology
      </a>{' '}
      (lay synonyms of 2021-04-06), the Disease Ontology (2016-09-01, CC BY 3.0), the Symptom Ontology, DrugBank Open Data,
      Wikipedia&apos;s list of medical abbreviations (CC BY-SA) and Princeton WordNet 3.1.
    </p>
  );
}
