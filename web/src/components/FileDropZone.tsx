import { useId, useState, type ReactNode } from 'react';

interface FileDropZoneProps {
  /** The invitation to drop, followed by the button that opens the file chooser. */
  dropText: string;
  chooseText: string;
  accept: string;
  multiple?: boolean;
  /** The file input's accessible name where the button's text is not enough. */
  ariaLabel?: string;
  /** The files dropped or chosen (the chooser is emptied after each choice, so the same file can be chosen again). */
  onFiles(files: File[]): void;
  /** What the zone shows below (progress, errors). */
  children?: ReactNode;
}

/** A zone to drop files on, with the file chooser as a button beside the text: the picture uploads and the TOML import. */
export function FileDropZone({
  dropText,
  chooseText,
  accept,
  multiple,
  ariaLabel,
  onFiles,
  children,
}: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  return (
    <div
      className={`upload ${dragging ? 'upload--dragging' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onFiles(Array.from(e.dataTransfer.files));
      }}
    >
      <p>
        {dropText}{' '}
        <label htmlFor={inputId} className="button button--small">
          {chooseText}
        </label>
      </p>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={ariaLabel}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      {children}
    </div>
  );
}
