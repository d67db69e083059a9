import { UrlModal } from "~/components/url-modal";
import { useTranslation } from "react-i18next";
import { PDF_PARAM } from "~/components/pdf-link";

export function PdfViewer({ pdf }: { pdf: { url: string; name: string } }) {
  const { t } = useTranslation();
  return (
    <UrlModal id={pdf.url} title={pdf.name} param={PDF_PARAM} size="wide">
      <iframe className="pdf-viewer__frame" src={pdf.url} title={t("pdf.frame", { name: pdf.name })} />
      <p className="pdf-viewer__direct">
        <a href={pdf.url} target="_blank" rel="noopener noreferrer">
          {t("pdf.open")}
        </a>
      </p>
    </UrlModal>
  );
}
