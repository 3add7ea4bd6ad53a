import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_IMAGES_MAX } from '../../../shared/feedback';
import { Button } from '../../components/Button';
import type { PickedImage } from './pickedImages';

function sizeText(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return megabytes >= 0.1 ? `${format.format(megabytes)} MB` : `${format.format(bytes / 1024)} KB`;
}

/**
 * The feedback's images: the chosen ones with a preview and a Remove button, and the picker
 * while fewer than three are chosen. The picker's hint and error describe it.
 */
export function FeedbackImages({
  images,
  problem,
  accept,
  disabled,
  onAdd,
  onRemove,
}: {
  images: PickedImage[];
  problem: string | undefined;
  accept: string;
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const full = images.length >= FEEDBACK_IMAGES_MAX;
  return (
    <fieldset className="feedback-images" data-testid="feedback-images">
      <legend>
        {t('feedback.images')} <span className="feedback-optional">{t('feedback.optional')}</span>
      </legend>
      <p id={`${id}-hint`} className="field-hint">
        {t('feedback.imagesHint', { count: images.length, max: FEEDBACK_IMAGES_MAX })}
      </p>
      {images.length > 0 && (
        <ul className="feedback-previews">
          {images.map((image) => (
            <li key={image.id} className="feedback-preview" data-testid="feedback-preview">
              <img src={image.previewUrl} alt={image.file.name} />
              <span className="feedback-preview-name">
                {image.file.name}
                <small>{sizeText(image.file.size, i18n.language)}</small>
              </span>
              <Button
                size="sm"
                variant="ghost"
                icon="close"
                disabled={disabled}
                aria-label={t('feedback.removeImage', { name: image.file.name })}
                onClick={() => onRemove(image.id)}
              >
                {t('feedback.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <div className="feedback-picker">
          <input
            id={`${id}-input`}
            className="visually-hidden"
            type="file"
            name="images"
            data-field="images"
            accept={accept}
            multiple
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              // The same file may be picked again after a refusal or a removal.
              event.target.value = '';
              onAdd(files);
            }}
          />
          <label htmlFor={`${id}-input`} className="button secondary">
            {t('feedback.addImages')}
          </label>
        </div>
      )}
      {problem && (
        <p
          id={`${id}-error`}
          className="field-error"
          role="alert"
          data-testid="feedback-images-error"
        >
          {problem}
        </p>
      )}
    </fieldset>
  );
}
