import { Empty, Image, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { pictureUrl, useRiskPictures } from '../api.js';

/** A zone's pictures as a gallery; a click opens the preview (antd Image), through every picture. */
export function RiskPictures({ id }: { id: number }) {
  const t = useT();
  const pictures = useRiskPictures(id);
  const [urls, setUrls] = useState<Record<string, string>>({});
  useEffect(() => {
    const made: string[] = [];
    let live = true;
    for (const file of pictures.data ?? []) {
      void pictureUrl(file.url)
        .then((url) => {
          made.push(url);
          if (live) setUrls((known) => ({ ...known, [file.id]: url }));
          else URL.revokeObjectURL(url);
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
      made.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [pictures.data]);
  if (pictures.isPending) return <Spin />;
  const files = pictures.data ?? [];
  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('risk.page.noPictures')} />;
  return (
    <Image.PreviewGroup>
      <Space wrap data-testid="risk-gallery">
        {files.map((file) => (
          <Image key={file.id} width={120} height={90} style={{ objectFit: 'cover' }} src={urls[file.id]} alt={file.name} placeholder />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
