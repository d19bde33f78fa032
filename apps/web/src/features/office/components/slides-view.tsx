import { useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { openPresentation, type PresentationFile } from '../ooxml/open-presentation';
import { useOpened } from './use-opened';
import type { Slide } from '../ooxml/pptx';
import type { ViewProps } from './view-props';
import styles from './office.module.css';

/** A presentation: every slide with its text boxes where they sit; their text is editable in place. */
export function SlidesView(props: ViewProps) {
  const opened = useOpened(openPresentation, props.format, props.bytes);
  return opened.file ? <SlideDeck {...props} file={opened.file} /> : opened.placeholder;
}

function SlideDeck({ file, editable, onChange, handle }: ViewProps & { file: PresentationFile }) {
  const { t } = useTranslation('office');
  const pres = file.pres;
  // The texts as edited, same shape as the slides read.
  const edited = useRef<Slide[]>(pres.slides.map((s) => ({ ...s, boxes: s.boxes.map((b) => ({ ...b, paragraphs: [...b.paragraphs] })) })));

  useImperativeHandle(handle, () => ({ serialize: () => file.write(edited.current) }));

  return (
    <div className={styles.slides}>
      {pres.slides.map((slide, s) => (
        <section key={slide.path} dir="ltr" className={styles.slide} style={{ aspectRatio: String(pres.ratio) }} aria-label={t('slide_label', { n: s + 1, total: pres.slides.length })}>
          {slide.boxes.map((box, b) => (
            <div
              key={b}
              className={styles.textBox}
              style={{ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.w * 100}%`, minHeight: `${box.h * 100}%` }}
            >
              {box.paragraphs.map((text, p) => (
                <div
                  key={p}
                  className={styles.slideText}
                  dir="auto"
                  contentEditable={editable ? 'plaintext-only' : false}
                  suppressContentEditableWarning
                  role="textbox"
                  aria-readonly={!editable}
                  aria-label={t('slide_text', { n: s + 1 })}
                  tabIndex={0}
                  onInput={(e) => {
                    edited.current[s]!.boxes[b]!.paragraphs[p] = e.currentTarget.textContent ?? '';
                    onChange();
                  }}
                  data-testid="office-slide-text"
                >
                  {text}
                </div>
              ))}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
