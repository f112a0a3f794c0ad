import lists from './word-lists.json' with { type: 'json' };

type ListName = Exclude<keyof typeof lists, 'note' | 'task_sections'>;
const wordsOf = (name: ListName): ReadonlySet<string> => new Set(lists[name].words);

/** The word lists of query understanding (word-lists.json, each with what its words do in a question), read once. */
export const WORD_LISTS = {
  stopwords: wordsOf('stopwords'),
  taskWords: wordsOf('task_words'),
  relationWords: wordsOf('relation_words'),
  fillers: wordsOf('fillers'),
  childWords: wordsOf('child_words'),
  adultWords: wordsOf('adult_words'),
};

/** What a question asks to be done, each with the words of a section heading that answer it (word-lists.json). */
export const TASK_SECTIONS: readonly { asked: ReadonlySet<string>; headings: ReadonlySet<string> }[] = lists.task_sections.groups.map((group) => ({
  asked: new Set(group.asked),
  headings: new Set(group.headings),
}));
