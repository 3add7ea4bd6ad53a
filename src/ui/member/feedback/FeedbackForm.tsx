import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkFeedbackFields,
  checkImageList,
  countCharacters,
  FEEDBACK_CATEGORIES,
  FEEDBACK_IMAGE_TYPES,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_REMARK_MAX,
  FEEDBACK_TEXT_MAX,
  type FeedbackCategory,
  type FeedbackField,
  type FeedbackProblem,
  isTooLong,
} from '../../../shared/feedback';
import { Button } from '../../components/Button';
import { Select } from '../../components/Field';
import { useErrorText } from '../../components/forms/useErrorText';
import { errorCodeOf } from '../../core/apiErrors';
import { FeedbackImages } from './FeedbackImages';
import { type PickedImage, readPicked, toBase64 } from './pickedImages';
import { serverProblem, type ShownProblem } from './problems';
import { messagesFeature } from '../../../app/features/messages';
import { useFeature } from '../../core/useFeature';

type Problems = Partial<Record<FeedbackField, ShownProblem>>;
type Stage = 'editing' | 'preparing' | 'sending' | 'sent';

/**
 * The feedback form (issue 16; spec 5): category, text and remark with live character counts,
 * up to three png/jpg images with previews. The shared rules check everything here as the
 * server will; what only the server can tell (an image that does not decode, the hourly limit)
 * comes back with its code and is shown beside its field too.
 */
export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const messagesModule = useFeature(messagesFeature);
  const errorText = useErrorText();
  const id = useId();
  const [category, setCategory] = useState<FeedbackCategory | ''>('');
  const [text, setText] = useState('');
  const [remark, setRemark] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>('editing');
  const formRef = useRef<HTMLFormElement>(null);

  // Previews are object URLs: each is given back when its image goes, and all when the form does.
  const previewUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = previewUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const preview = (file: File) => {
    const url = URL.createObjectURL(file);
    previewUrls.current.add(url);
    return url;
  };
  const release = (url: string) => {
    URL.revokeObjectURL(url);
    previewUrls.current.delete(url);
  };

  const problemText = (problem: ShownProblem | undefined) => {
    if (!problem) return undefined;
    const message = errorText(problem.code) ?? '';
    return problem.name
      ? t('feedback.imageProblem', { name: problem.name, problem: message })
      : message;
  };
  /** An image's problem names its file: the member sees which one. */
  const named = (problem: FeedbackProblem): ShownProblem =>
    problem.index === undefined ? problem : { ...problem, name: images[problem.index]?.file.name };
  const edited = (field: FeedbackField) => {
    setProblems(({ [field]: _gone, ...rest }) => rest);
    setFailure(null);
    if (stage === 'sent') setStage('editing');
  };

  const addImages = async (files: File[]) => {
    edited('images');
    if (files.length === 0) return;
    if (images.length + files.length > FEEDBACK_IMAGES_MAX) {
      setProblems((p) => ({ ...p, images: { code: 'feedback_too_many_images', field: 'images' } }));
      return;
    }
    const read = await readPicked(files);
    const found = checkImageList(
      read.map((image) => ({ size: image.file.size, head: image.head })),
    );
    const refused = new Set(found.map((problem) => problem.index));
    const accepted = read
      .filter((_, index) => !refused.has(index))
      .map((image) => ({ ...image, previewUrl: preview(image.file) }));
    setImages((current) => [...current, ...accepted]);
    const first = found[0];
    if (first) {
      // Named by the refused file (it was never added, so it has no position).
      const name = read[first.index!]!.file.name;
      setProblems((p) => ({ ...p, images: { code: first.code, field: 'images', name } }));
    }
  };

  const removeImage = (imageId: string) => {
    edited('images');
    const gone = images.find((image) => image.id === imageId);
    if (gone) release(gone.previewUrl);
    setImages((current) => current.filter((image) => image.id !== imageId));
  };

  const submit = async () => {
    const found = [
      ...checkFeedbackFields({ category, text, remark }),
      ...checkImageList(images.map((image) => ({ size: image.file.size, head: image.head }))),
    ];
    setFailure(null);
    // A new try: the last one's "sent" goes (a success beside a new error misleads).
    setStage('editing');
    if (found.length > 0) {
      const byField: Problems = {};
      for (const problem of found) byField[problem.field] ??= named(problem);
      setProblems(byField);
      // The first field with a problem takes the focus, so its message is read out.
      formRef.current?.querySelector<HTMLElement>(`[data-field="${found[0]!.field}"]`)?.focus();
      return;
    }
    setProblems({});
    try {
      setStage('preparing');
      const data = await Promise.all(images.map((image) => toBase64(image.file)));
      setStage('sending');
      await messagesModule.sendFeedback({
        category: category as FeedbackCategory,
        text,
        remark,
        images: data.map((encoded) => ({ data: encoded })),
      });
      images.forEach((image) => release(image.previewUrl));
      setCategory('');
      setText('');
      setRemark('');
      setImages([]);
      setStage('sent');
      onSent();
    } catch (error) {
      setStage('editing');
      const problem = serverProblem(error);
      if (problem) setProblems({ [problem.field]: named(problem) });
      else setFailure(errorCodeOf(error));
    }
  };

  const textCount = countCharacters(text);
  const remarkCount = countCharacters(remark);
  const liveTextProblem: FeedbackProblem | undefined = isTooLong(text, FEEDBACK_TEXT_MAX)
    ? { code: 'feedback_text_too_long', field: 'text' }
    : undefined;
  const liveRemarkProblem: FeedbackProblem | undefined = isTooLong(remark, FEEDBACK_REMARK_MAX)
    ? { code: 'feedback_remark_too_long', field: 'remark' }
    : undefined;
  const textProblem = problemText(problems.text ?? liveTextProblem);
  const remarkProblem = problemText(problems.remark ?? liveRemarkProblem);
  const imagesProblem = problemText(problems.images);
  const busy = stage === 'preparing' || stage === 'sending';

  const counted = (
    field: 'text' | 'remark',
    value: string,
    count: number,
    max: number,
    problem: string | undefined,
    set: (value: string) => void,
    rows: number,
  ) => (
    <div className="form-field">
      <label htmlFor={`${id}-${field}`}>
        {t(`feedback.${field}`)}
        {field === 'remark' && <span className="feedback-optional"> {t('feedback.optional')}</span>}
      </label>
      <textarea
        id={`${id}-${field}`}
        name={field}
        data-field={field}
        rows={rows}
        value={value}
        required={field === 'text'}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-${field}-count${problem ? ` ${id}-${field}-error` : ''}`}
        onChange={(event) => {
          edited(field);
          set(event.target.value);
        }}
      />
      <p
        id={`${id}-${field}-count`}
        className={`field-hint feedback-count${count > max ? ' over' : ''}`}
      >
        {t('feedback.count', { count, max })}
      </p>
      {problem && (
        <p id={`${id}-${field}-error`} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );

  return (
    <form
      ref={formRef}
      className="feedback-form"
      data-testid="feedback-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <h2 id={`${id}-title`}>{t('feedback.formTitle')}</h2>
      <Select
        label={t('feedback.category')}
        name="category"
        data-field="category"
        value={category}
        required
        error={problemText(problems.category)}
        onChange={(event) => {
          edited('category');
          setCategory(event.target.value as FeedbackCategory | '');
        }}
        options={[
          { value: '', label: t('feedback.chooseCategory') },
          ...FEEDBACK_CATEGORIES.map((value) => ({
            value,
            label: t(`feedback.category_${value}`),
          })),
        ]}
      />
      {counted('text', text, textCount, FEEDBACK_TEXT_MAX, textProblem, setText, 4)}
      <FeedbackImages
        images={images}
        problem={imagesProblem}
        accept={FEEDBACK_IMAGE_TYPES.join(',')}
        disabled={busy}
        onAdd={(files) => void addImages(files)}
        onRemove={removeImage}
      />
      {counted('remark', remark, remarkCount, FEEDBACK_REMARK_MAX, remarkProblem, setRemark, 2)}
      {failure && (
        <p role="alert" className="field-error" data-testid="feedback-failure">
          {errorText(failure)}
        </p>
      )}
      {stage === 'sent' && (
        <p role="status" className="feedback-sent" data-testid="feedback-sent">
          {t('feedback.sent')}
        </p>
      )}
      <Button type="submit" variant="primary" block busy={busy}>
        {stage === 'preparing'
          ? t('feedback.preparing')
          : stage === 'sending'
            ? t('feedback.sending')
            : t('feedback.submit')}
      </Button>
    </form>
  );
}
