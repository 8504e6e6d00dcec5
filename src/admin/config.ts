// PLACEHOLDER until the real Decap config lands (it replaces this module, keeping the signature of
// editConfigYaml): a minimal valid config.yml for `edit`, its paths relative to the content folder.

/** config.yml of the `edit` admin: Decap's proxy backend at /api/v1, over the content folder `contentDir`. */
export function editConfigYaml(contentDir: string): string {
  void contentDir;
  return `backend:
  name: proxy
  proxy_url: /api/v1
  branch: main
media_folder: images
public_folder: images
collections:
  - name: events
    label: Events
    folder: events
    extension: json
    format: json
    create: true
    fields:
      - { name: title, label: Title, widget: string }
`;
}
