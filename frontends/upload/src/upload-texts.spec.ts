import { describe, expect, it } from '@jest/globals';
import { hospitalLibraryText, productSpecText, textsMissingFromSpec } from '../../shared/test-support/product-spec';
import { UploadTexts } from './upload-texts';

const spec = productSpecText();
const { notices, preview, regenerate, library } = UploadTexts;

(spec ? describe : describe.skip)('upload texts', () => {
  it('uses the specification’s texts word for word', () => {
    const texts = [
      UploadTexts.choose, UploadTexts.uploading, ...UploadTexts.requirements.map((text) => text.replace('Maximum', 'maximum')), UploadTexts.statusTitle, UploadTexts.noFiles,
      notices.cancelled, notices.noProtocols, notices.ready, notices.failed, notices.statusCheckFailed,
      preview.clearAll, preview.approveFailed, preview.regenerationInProgress,
      regenerate.titleAll, regenerate.titleOne, regenerate.label, regenerate.placeholder, regenerate.busy, regenerate.failed,
      library.title, library.empty, library.loadFailed, library.loadError, library.deleteFailed, library.userDefined,
    ];
    expect(textsMissingFromSpec(spec!, texts)).toEqual([]);
  });
});

describe('hospital library texts', () => {
  it('use the design’s screen texts word for word', () => {
    expect(textsMissingFromSpec(hospitalLibraryText(), [UploadTexts.hospital.publish, UploadTexts.hospital.unpublish])).toEqual([]);
  });
});
