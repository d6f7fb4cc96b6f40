import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { authContract, EmailSchema, FILE_TYPES, type Language, LANGUAGES, LIMITS, nameSchema, PhoneSchema } from '@boreline/contracts';
import { Avatar, Button, Form, Input, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useAvatarUrl } from '../../../core/api/useAvatarUrl.js';
import { call } from '../../../core/api/client.js';
import { antdFields, showApiError, zodRule } from '../../../core/forms.js';
import { changeLanguage, LANGUAGE_NAMES, useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';

interface ProfileValues {
  nickname: string;
  email: string;
  phone: string;
  lang: Language;
}

export function ProfileForm() {
  const t = useT();
  const user = useFramework((s) => s.user);
  const updateUser = useFramework((s) => s.updateUser);
  const [form] = Form.useForm<ProfileValues>();
  const [busy, setBusy] = useState(false);
  const avatarUrl = useAvatarUrl(user?.avatarUrl ?? null);
  if (!user) return null;

  const save = async (values: ProfileValues) => {
    setBusy(true);
    try {
      const updated = await call(authContract.editOwnInfo, values);
      updateUser(updated);
      notify.show('success', t('common.outcome.editSuccess'));
      await changeLanguage(updated.lang);
    } catch (error) {
      showApiError(error, antdFields(form));
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(FILE_TYPES.avatar as readonly string[]).includes(extension)) {
      notify.show('error', t('common.upload.notImage'));
      return;
    }
    if (file.size > LIMITS.avatarMaxBytes) {
      notify.show('error', t('common.upload.tooLarge', { size: '1 MB' }));
      return;
    }
    const body = new FormData();
    body.append('file', file);
    try {
      updateUser(await call(authContract.uploadAvatar, {}, { form: body }));
      notify.show('success', t('common.outcome.setSuccess'));
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ nickname: user.nickname, email: user.email ?? '', phone: user.phone, lang: user.lang }}
      onFinish={(v) => void save(v)}
      data-testid="profile-form"
    >
      <Form.Item label={t('account.settings.avatar')}>
        <Space align="center">
          <Avatar size={64} src={avatarUrl ?? undefined} icon={<UserOutlined />} data-testid="profile-avatar" />
          <Upload accept=".jpg,.jpeg,.png" showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
            <Button icon={<UploadOutlined />}>{t('account.settings.chooseAvatar')}</Button>
          </Upload>
          <Typography.Text type="secondary">{t('account.settings.avatarHint')}</Typography.Text>
        </Space>
      </Form.Item>
      <Form.Item name="nickname" label={t('account.settings.nickname')} rules={[zodRule(nameSchema(LIMITS.nicknameMaxLength), t)]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t('account.settings.email')} rules={[zodRule(EmailSchema, t)]}>
        <Input type="email" />
      </Form.Item>
      <Form.Item name="phone" label={t('account.settings.phone')} rules={[zodRule(PhoneSchema, t)]}>
        <Input inputMode="numeric" />
      </Form.Item>
      <Form.Item name="lang" label={t('account.settings.language')}>
        <Select options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('account.settings.save')}
      </Button>
    </Form>
  );
}
